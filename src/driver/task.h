// SV-COMP task definitions (.yml, format 1.0 and 2.0) and property files (.prp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/property.h"
#include "frontend/frontend.h"

namespace atropos::driver {

struct TaskProperty {
  Property property;
  std::optional<bool> expected;           // the task's expected verdict, when given
  std::optional<std::string> subproperty;
};

struct Task {
  std::string inputFile;  // resolved against the task file's folder
  std::vector<TaskProperty> properties;  // those Atropos knows; others (coverage, data races) are skipped
  std::vector<std::string> skippedProperties;
  frontend::DataModel dataModel = frontend::DataModel::LP64;
};

// Reads a task file; on failure returns nullopt with a one-line `error`.
std::optional<Task> readTask(const std::string& path, std::string& error);
// The same on the text of a task file at `path` (which names it in errors and resolves its files).
std::optional<Task> parseTask(const std::string& text, const std::string& path, std::string& error);
// Reads a property file; on failure returns nullopt with a one-line `error`.
std::optional<std::vector<Property>> readPropertyFile(const std::string& path, std::string& error);

}  // namespace atropos::driver
