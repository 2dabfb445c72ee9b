#include "frontend/frontend.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <regex>
#include <sstream>
#include <vector>

#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/BuryPointer.h>
#include <llvm/Support/raw_ostream.h>

#include "compile.h"
#include "frontend/arithmetic.h"
#include "frontend/environment.h"

namespace atropos::frontend {

const char* dataModelName(DataModel m) { return m == DataModel::ILP32 ? "ILP32" : "LP64"; }

Program::Program() = default;
Program::Program(Program&&) noexcept = default;
Program& Program::operator=(Program&&) noexcept = default;
Program::~Program() {
  module.reset();  // the module must die before its context
}

void leaveToProcessExit(Program program) {
  llvm::BuryPointer(std::move(program.module));
  llvm::BuryPointer(std::move(program.context));
}

namespace {

// Under the Termination Competition's environment: the warnings that name a constant whose value a conversion or an
// operation changes (Program::termCompObstacles).
constexpr const char* kConstantConversionWarning = "-Wconstant-conversion";
constexpr const char* kIntegerOverflowWarning = "-Winteger-overflow";
constexpr const char* kSignConversionWarning = "-Wsign-conversion";

// The text the caret line of a clang diagnostic marks in the source line above it (`^` and the `~` around it).
std::string markedText(const std::string& source, const std::string& carets) {
  size_t caret = carets.find('^');
  if (caret == std::string::npos || caret >= source.size()) return "";
  size_t from = caret, to = caret + 1;
  while (from > 0 && carets[from - 1] == '~') --from;
  while (to < carets.size() && carets[to] == '~') ++to;
  return source.substr(from, std::min(to, source.size()) - from);
}

// Whether source text is an expression of integer literals and operators only (`4294967295u`, `-1`, `1u << 31`).
bool isConstantText(const std::string& text) {
  static const std::regex token(R"(\s+|[-+*/%<>&|^~!()]|(0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)[uUlL]*|'(\\.|[^'\\])+')");
  bool literal = false;
  for (size_t at = 0; at < text.size();) {
    std::smatch m;
    if (!std::regex_search(text.begin() + static_cast<std::ptrdiff_t>(at), text.end(), m, token,
                           std::regex_constants::match_continuous))
      return false;
    literal = literal || std::isdigit(static_cast<unsigned char>(m.str()[0])) || m.str()[0] == '\'';
    at += static_cast<size_t>(m.length());
  }
  return literal;
}

// The warnings of clang's output about constants whose value C's conversions or arithmetic change, each as
// "file:line:column: message": every -Wconstant-conversion and -Winteger-overflow, and a -Wsign-conversion of an
// expression of literals or of what a macro expands to (of a constant, clang warns only where the value changes).
std::vector<std::string> constantChangesIn(const std::string& log) {
  std::vector<std::string> lines;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  auto followedByMacro = [&](size_t k) {
    for (size_t j = k + 1; j < lines.size() && lines[j].find(": warning: ") == std::string::npos; ++j)
      if (lines[j].find(": note: expanded from macro") != std::string::npos) return true;
    return false;
  };
  std::vector<std::string> found;
  for (size_t k = 0; k < lines.size(); ++k) {
    std::string line = lines[k];
    bool constant = false;
    for (const char* warning : {kConstantConversionWarning, kIntegerOverflowWarning, kSignConversionWarning}) {
      const std::string tag = std::string(" [") + warning + "]";
      if (line.size() < tag.size() || line.compare(line.size() - tag.size(), tag.size(), tag) != 0) continue;
      line.erase(line.size() - tag.size());
      constant = warning != kSignConversionWarning || followedByMacro(k) ||
                 (k + 2 < lines.size() && isConstantText(markedText(lines[k + 1], lines[k + 2])));
    }
    if (!constant) continue;
    if (size_t warning = line.find(": warning: "); warning != std::string::npos)
      line.replace(warning, std::string(": warning: ").size(), ": ");
    found.push_back(line);
  }
  return found;
}

// The bit-fields of the program's types, each as "file:line: bit-field NAME".
std::vector<std::string> bitFieldsIn(const llvm::Module& module) {
  llvm::DebugInfoFinder types;
  types.processModule(module);
  std::vector<std::string> found;
  for (const llvm::DIType* type : types.types())
    if (auto* member = llvm::dyn_cast<llvm::DIDerivedType>(type); member && member->isBitField())
      found.push_back((member->getFile() ? member->getFilename().str() : std::string("?")) + ":" +
                      std::to_string(member->getLine()) + ": bit-field " + member->getName().str() +
                      ", which C packs into bytes with operations on their bits");
  return found;
}

bool endsWith(const std::string& s, const char* suffix) {
  size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

}  // namespace

std::variant<Program, LoadFailure> load(const std::string& path, const Options& options, const Deadline& deadline) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || access(path.c_str(), R_OK) != 0)
    return LoadFailure{LoadFailure::Kind::Unreadable, "cannot read '" + path + "': " + std::strerror(errno ? errno : EISDIR), ""};

  if (deadline.expired()) return LoadFailure{LoadFailure::Kind::Timeout, "the deadline passed before compiling", ""};
  const bool ilp32 = options.dataModel == DataModel::ILP32;
  std::vector<std::string> argv = {
      ATROPOS_CLANG,
      "-c", "-emit-llvm", "-g", "-O0",
      // Keeps the IR free of `optnone` so later engines may run their own analyses on it.
      "-Xclang", "-disable-O0-optnone",
      // Lifetime markers, which -O0 omits, end each block-scoped variable's life at its scope's end (a pointer
      // to it then dangles). This cc1 flag requests them without any sanitizer instrumentation.
      "-Xclang", "-fsanitize-address-use-after-scope",
      "-target", ilp32 ? "i386-pc-linux-gnu" : "x86_64-pc-linux-gnu",
      "-std=gnu11",
      // a*b+c stays two IEEE operations, as x86-64 code without FMA computes it (fmuladd would leave it open).
      "-ffp-contract=off",
      // Signed left shifts that overflow are undefined in C, but the IR's shl does not say whether the C operand was
      // signed: clang's own check (a branch to llvm.ubsantrap, emitted by its code generator, not by a pass) does.
      "-fsanitize=shift-base", "-fsanitize-trap=shift-base",
      // Older benchmark programs call undeclared functions (C89 style); clang-14 accepts that with a warning.
      "-Wno-everything", "-fno-color-diagnostics",
      "-x", endsWith(path, ".i") ? "cpp-output" : "c",
      path, "-o", "/dev/null"};
  if (options.termCompEnvironment)
    argv.insert(argv.end() - 3, {kConstantConversionWarning, kIntegerOverflowWarning, kSignConversionWarning});
  Program program;
  program.context = std::make_unique<llvm::LLVMContext>();
  Compiled compiled = compileHere(argv, *program.context);
  const std::string& log = compiled.diagnostics;
  if (!compiled.module)
    return LoadFailure{LoadFailure::Kind::CompileError, "clang-14 could not compile '" + path + "'", log};
  program.module = std::move(compiled.module);
  if (options.termCompEnvironment) {
    adoptTermCompEnvironment(*program.module, options.dataModel);
    writeDecrementsAsSubtractions(*program.module);
    writeCaseRangesAsComparisons(*program.module);
    program.termCompObstacles = constantChangesIn(log);
    for (std::string& bitField : bitFieldsIn(*program.module)) program.termCompObstacles.push_back(std::move(bitField));
  }
  std::string broken;
  llvm::raw_string_ostream brokenOs(broken);
  if (llvm::verifyModule(*program.module, &brokenOs))
    return LoadFailure{LoadFailure::Kind::Internal, "clang produced invalid IR", brokenOs.str()};
  program.inputPath = path;
  program.dataModel = options.dataModel;
  return program;
}

}  // namespace atropos::frontend
