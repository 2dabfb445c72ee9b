// Unit tests of what users hand to atropos before any program is read: the command line (driver/options.h), task
// definitions and property files (driver/task.h), on hand-built inputs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "driver/options.h"
#include "driver/task.h"

using namespace atropos;
using namespace atropos::driver;

namespace {

std::optional<Options> parse(std::vector<const char*> arguments, std::string& error) {
  arguments.insert(arguments.begin(), "atropos");
  return parseOptions(static_cast<int>(arguments.size()), arguments.data(), error);
}

// The error of a command line that must be refused.
std::string refusal(std::vector<const char*> arguments) {
  std::string error;
  EXPECT_FALSE(parse(std::move(arguments), error).has_value());
  return error;
}

// A file in a folder of its own, removed with the folder at the end of the test.
class Files : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("atropos-options-test-" + std::to_string(getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(folder_);
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }
  std::string write(const std::string& name, const std::string& contents) {
    std::ofstream(folder_ / name) << contents;
    return (folder_ / name).string();
  }
  std::filesystem::path folder_;
};

}  // namespace

TEST(Options, FlagsTakeTheirValueAsTheNextArgumentOrAfterEquals) {
  std::string error;
  std::optional<Options> o = parse({"--timeout", "2.5", "--semantics=svcomp", "--property", "termination",
                                    "--property=no-overflow", "--engines=bmc,symex", "--memory", "512", "--json",
                                    "--witness-version=2.1", "--data-model", "ILP32", "prog.c"},
                                   error);
  ASSERT_TRUE(o.has_value()) << error;
  EXPECT_EQ(o->timeoutSeconds, 2.5);
  EXPECT_EQ(o->semantics, Semantics::SvComp);
  EXPECT_EQ(o->properties, (std::vector<Property>{Property::Termination, Property::NoOverflow}));
  EXPECT_FALSE(o->testing);
  EXPECT_TRUE(o->bmc);
  EXPECT_TRUE(o->symex);
  EXPECT_EQ(o->memoryMB, 512u);
  EXPECT_TRUE(o->json);
  EXPECT_EQ(o->witnessVersion, "2.1");
  EXPECT_EQ(o->dataModel, frontend::DataModel::ILP32);
  EXPECT_EQ(o->inputFile, "prog.c");
}

TEST(Options, TheItsCommandAndRequestsWithoutInput) {
  std::string error;
  std::optional<Options> its = parse({"its", "--timeout", "3", "system.smt2"}, error);
  ASSERT_TRUE(its.has_value()) << error;
  EXPECT_TRUE(its->itsCommand);
  EXPECT_EQ(its->inputFile, "system.smt2");
  std::optional<Options> help = parse({"--help"}, error);
  ASSERT_TRUE(help.has_value()) << error;
  EXPECT_TRUE(help->help);
  std::optional<Options> list = parse({"--list-properties"}, error);
  ASSERT_TRUE(list.has_value()) << error;
  EXPECT_TRUE(list->listProperties);
}

TEST(Options, EveryWrongCommandLineIsRefusedWithItsReason) {
  EXPECT_EQ(refusal({}), "no input: give a C file or --task TASK.yml (see --help)");
  EXPECT_EQ(refusal({"a.c", "b.c"}), "more than one input file ('a.c', 'b.c')");
  EXPECT_EQ(refusal({"--task", "t.yml", "a.c"}), "give either a C file or --task, not both");
  EXPECT_EQ(refusal({"a.c", "--timeout"}), "option '--timeout' needs a value");
  EXPECT_EQ(refusal({"a.c", "--timeout", "0"}), "option '--timeout' needs a positive number, not '0'");
  EXPECT_EQ(refusal({"a.c", "--memory=12x"}), "option '--memory' needs a positive number, not '12x'");
  EXPECT_EQ(refusal({"a.c", "--semantics", "java"}), "unknown semantics 'java' (known: c, svcomp, termcomp)");
  EXPECT_EQ(refusal({"a.c", "--engines", "bmc,,symex"}), "unknown engine '' (expected testing, bmc or symex)");
  EXPECT_EQ(refusal({"a.c", "--data-model", "LP32"}), "unknown data model 'LP32' (known: ILP32, LP64)");
  EXPECT_EQ(refusal({"a.c", "--witness-version", "1.0"}), "unknown witness format version '1.0' (known: 2.0, 2.1)");
  EXPECT_EQ(refusal({"a.c", "--frobnicate"}), "unknown option '--frobnicate' (see --help)");
  EXPECT_EQ(refusal({"a.c", "--property", "liveness"}).rfind("unknown property 'liveness' (known: ", 0), 0u);
}

TEST_F(Files, ATaskGivesItsFileItsPropertiesAndItsDataModel) {
  write("prog.c", "int main(void) { return 0; }\n");
  write("termination.prp", "CHECK( init(main()), LTL(F end) )\n");
  write("coverage.prp", "COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )\n");
  const std::string task = write("task.yml", R"(format_version: '2.0'
input_files: 'prog.c'
properties:
  - property_file: termination.prp
    expected_verdict: false
  - property_file: coverage.prp
options:
  language: C
  data_model: ILP32
)");
  std::string error;
  std::optional<Task> t = readTask(task, error);
  ASSERT_TRUE(t.has_value()) << error;
  EXPECT_EQ(std::filesystem::path(t->inputFile), folder_ / "prog.c");
  ASSERT_EQ(t->properties.size(), 1u);
  EXPECT_EQ(t->properties[0].property, Property::Termination);
  EXPECT_EQ(t->properties[0].expected, std::optional<bool>(false));
  EXPECT_EQ(t->skippedProperties.size(), 1u);
  EXPECT_EQ(t->dataModel, frontend::DataModel::ILP32);
}

TEST_F(Files, TasksAndPropertyFilesThatDoNotParseAreRefused) {
  std::string error;
  EXPECT_FALSE(readTask((folder_ / "missing.yml").string(), error).has_value());
  EXPECT_FALSE(error.empty());
  error.clear();
  EXPECT_FALSE(readTask(write("broken.yml", "input_files: [unclosed\n"), error).has_value());
  EXPECT_FALSE(error.empty());
  error.clear();
  EXPECT_FALSE(readTask(write("no-input.yml", "format_version: '2.0'\nproperties: []\n"), error).has_value());
  EXPECT_FALSE(error.empty());
  error.clear();
  EXPECT_FALSE(readPropertyFile(write("nonsense.prp", "CHECK( init(main()), LTL(G nonsense) )\n"), error).has_value());
  EXPECT_FALSE(error.empty());
  std::optional<std::vector<Property>> memsafety = readPropertyFile(
      write("memsafety.prp", "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n"
                             "CHECK( init(main()), LTL(G valid-memtrack) )\n"),
      error);
  ASSERT_TRUE(memsafety.has_value()) << error;
  EXPECT_EQ(*memsafety, std::vector<Property>{Property::ValidMemsafety});
}
