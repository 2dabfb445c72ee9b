#include "task.h"

#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "common/text.h"

namespace atropos::driver {

namespace fs = std::filesystem;

std::optional<std::vector<Property>> readPropertyFile(const std::string& path, std::string& error) {
  std::string text;
  if (!readFile(path, text)) {
    error = "cannot read property file '" + path + "'";
    return std::nullopt;
  }
  std::vector<Property> found = parsePropertyFile(text);
  if (found.empty()) {
    error = "property file '" + path + "' names no property Atropos decides";
    return std::nullopt;
  }
  return found;
}

std::optional<Task> readTask(const std::string& path, std::string& error) {
  std::string text;
  if (!readFile(path, text)) {
    error = "cannot read task file '" + path + "'";
    return std::nullopt;
  }
  return parseTask(text, path, error);
}

std::optional<Task> parseTask(const std::string& text, const std::string& path, std::string& error) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    error = "task file '" + path + "' is not valid YAML: " + e.msg + " (line " + std::to_string(e.mark.line + 1) + ")";
    return std::nullopt;
  }
  const fs::path folder = fs::path(path).parent_path();
  Task task;
  try {
    if (!root.IsMap()) {
      error = "task file '" + path + "' is not an SV-COMP task definition (expected a mapping)";
      return std::nullopt;
    }
    YAML::Node inputs = root["input_files"];
    std::vector<std::string> files;
    if (inputs && inputs.IsScalar()) files.push_back(inputs.as<std::string>());
    else if (inputs && inputs.IsSequence())
      for (const auto& f : inputs) files.push_back(f.as<std::string>());
    if (files.empty()) {
      error = "task file '" + path + "' has no input_files";
      return std::nullopt;
    }
    if (files.size() > 1) {
      error = "task file '" + path + "' has several input files, which Atropos does not support yet";
      return std::nullopt;
    }
    task.inputFile = (folder / files[0]).lexically_normal().string();
    if (YAML::Node options = root["options"]; options && options["data_model"]) {
      std::string model = options["data_model"].as<std::string>();
      if (model == "ILP32") task.dataModel = frontend::DataModel::ILP32;
      else if (model == "LP64") task.dataModel = frontend::DataModel::LP64;
      else {
        error = "task file '" + path + "' has an unknown data_model '" + model + "'";
        return std::nullopt;
      }
    }
    YAML::Node props = root["properties"];
    if (props && !props.IsSequence()) {
      error = "task file '" + path + "': 'properties' is not a list";
      return std::nullopt;
    }
    for (const auto& entry : props) {
      if (!entry["property_file"]) {
        error = "task file '" + path + "': a property without property_file";
        return std::nullopt;
      }
      const std::string prpPath = (folder / entry["property_file"].as<std::string>()).lexically_normal().string();
      std::vector<Property> named;
      std::string prpText;
      if (readFile(prpPath, prpText)) named = parsePropertyFile(prpText);
      else if (auto p = parsePropertyName(fs::path(prpPath).stem().string())) named.push_back(*p);
      if (named.empty()) {
        task.skippedProperties.push_back(fs::path(prpPath).stem().string());
        continue;
      }
      TaskProperty tp;
      tp.property = named.front();
      if (entry["expected_verdict"]) tp.expected = entry["expected_verdict"].as<bool>();
      if (entry["subproperty"]) tp.subproperty = entry["subproperty"].as<std::string>();
      task.properties.push_back(tp);
    }
  } catch (const YAML::Exception& e) {
    error = "task file '" + path + "' does not follow the task format: " + e.msg;
    return std::nullopt;
  }
  return task;
}

}  // namespace atropos::driver
