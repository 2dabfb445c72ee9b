#include "frontend/environment.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <array>
#include <map>
#include <utility>

#include "common/text.h"

namespace atropos::frontend {

namespace {
constexpr std::string_view kNondetPrefix = "__VERIFIER_nondet_";
// Given to the program's own definitions of environment functions that it runs as written.
constexpr std::string_view kProgramDefinedPrefix = "atropos.program.";

constexpr std::array<std::pair<std::string_view, EnvFunction>, 43> kByName{{
    {"__VERIFIER_assume", EnvFunction::Assume},
    {"reach_error", EnvFunction::ReachError},
    {"__VERIFIER_error", EnvFunction::ReachError},
    {"abort", EnvFunction::Abort},
    {"exit", EnvFunction::Exit},
    {"_Exit", EnvFunction::Exit},
    {"_exit", EnvFunction::Exit},
    {"__assert_fail", EnvFunction::AssertFail},
    {"__assert", EnvFunction::AssertFail},
    {"malloc", EnvFunction::Malloc},
    {"calloc", EnvFunction::Calloc},
    {"realloc", EnvFunction::Realloc},
    {"free", EnvFunction::Free},
    {"alloca", EnvFunction::Alloca},
    {"__builtin_alloca", EnvFunction::Alloca},
    {"memset", EnvFunction::Memset},
    {"memcpy", EnvFunction::Memcpy},
    {"memmove", EnvFunction::Memmove},
    {"memcmp", EnvFunction::Memcmp},
    {"strlen", EnvFunction::Strlen},
    {"strnlen", EnvFunction::Strnlen},
    {"strcmp", EnvFunction::Strcmp},
    {"strncmp", EnvFunction::Strncmp},
    {"strcpy", EnvFunction::Strcpy},
    {"strncpy", EnvFunction::Strncpy},
    {"strcat", EnvFunction::Strcat},
    {"strchr", EnvFunction::Strchr},
    {"printf", EnvFunction::Printf},
    {"puts", EnvFunction::Puts},
    {"putchar", EnvFunction::Putchar},
    {"abs", EnvFunction::Abs},
    {"labs", EnvFunction::Labs},
    {"llabs", EnvFunction::LLabs},
    {"sqrt", EnvFunction::Sqrt},
    {"sqrtf", EnvFunction::Sqrt},
    {"fabs", EnvFunction::Fabs},
    {"fabsf", EnvFunction::Fabs},
    {"llvm.dbg.declare", EnvFunction::NoEffect},
    {"llvm.dbg.value", EnvFunction::NoEffect},
    {"llvm.dbg.label", EnvFunction::NoEffect},
    {"llvm.lifetime.start", EnvFunction::NoEffect},
    {"llvm.lifetime.end", EnvFunction::NoEffect},
    {"llvm.stackrestore", EnvFunction::NoEffect},
}};

// Intrinsic names carry type suffixes (llvm.memcpy.p0i8.p0i8.i64): matched by prefix.
constexpr std::array<std::pair<std::string_view, EnvFunction>, 9> kIntrinsicPrefixes{{
    {"llvm.memcpy.", EnvFunction::Memcpy},
    {"llvm.memmove.", EnvFunction::Memmove},
    {"llvm.memset.", EnvFunction::Memset},
    {"llvm.lifetime.start.", EnvFunction::NoEffect},
    {"llvm.lifetime.end.", EnvFunction::NoEffect},
    {"llvm.dbg.", EnvFunction::NoEffect},
    {"llvm.experimental.noalias.scope.decl", EnvFunction::NoEffect},
    {"llvm.sqrt.", EnvFunction::Sqrt},
    {"llvm.fabs.", EnvFunction::Fabs},
}};
}  // namespace

EnvFunction classifyFunction(std::string_view name) {
  if (startsWith(name, kNondetPrefix)) return EnvFunction::Nondet;
  for (const auto& [n, f] : kByName)
    if (n == name) return f;
  for (const auto& [prefix, f] : kIntrinsicPrefixes)
    if (startsWith(name, prefix)) return f;
  return EnvFunction::None;
}

namespace {

std::optional<NondetType> nondetTypeByName(std::string_view name, DataModel model) {
  std::string_view suffix = name.substr(kNondetPrefix.size());
  const unsigned longBits = model == DataModel::ILP32 ? 32 : 64;
  using K = NondetKind;
  struct Entry {
    std::string_view suffix;
    NondetType type;
  };
  const std::array<Entry, 29> table{{
      {"int", {K::Integer, 32, true}},        {"uint", {K::Integer, 32, false}},
      {"unsigned", {K::Integer, 32, false}},  {"unsigned_int", {K::Integer, 32, false}},
      {"char", {K::Integer, 8, true}},        {"uchar", {K::Integer, 8, false}},
      {"schar", {K::Integer, 8, true}},       {"short", {K::Integer, 16, true}},
      {"ushort", {K::Integer, 16, false}},    {"long", {K::Integer, longBits, true}},
      {"ulong", {K::Integer, longBits, false}}, {"longlong", {K::Integer, 64, true}},
      {"ulonglong", {K::Integer, 64, false}}, {"size_t", {K::Integer, longBits, false}},
      {"loff_t", {K::Integer, 64, true}},     {"sector_t", {K::Integer, 64, false}},
      {"u8", {K::Integer, 8, false}},         {"u16", {K::Integer, 16, false}},
      {"u32", {K::Integer, 32, false}},       {"u64", {K::Integer, 64, false}},
      {"s8", {K::Integer, 8, true}},          {"s16", {K::Integer, 16, true}},
      {"s32", {K::Integer, 32, true}},        {"bool", {K::Bool, 1, false}},
      {"_Bool", {K::Bool, 1, false}},         {"float", {K::Float, 32, true}},
      {"double", {K::Double, 64, true}},      {"pointer", {K::Pointer, longBits, false}},
      {"pchar", {K::Integer, 8, true}},
  }};
  for (const auto& e : table)
    if (e.suffix == suffix) return e.type;
  return std::nullopt;
}

}  // namespace

bool isUnsignedDebugType(const llvm::DIType* type) {
  while (auto* derived = llvm::dyn_cast_or_null<llvm::DIDerivedType>(type)) type = derived->getBaseType();
  auto* basic = llvm::dyn_cast_or_null<llvm::DIBasicType>(type);
  return basic && (basic->getEncoding() == llvm::dwarf::DW_ATE_unsigned ||
                   basic->getEncoding() == llvm::dwarf::DW_ATE_unsigned_char ||
                   basic->getEncoding() == llvm::dwarf::DW_ATE_boolean);
}

bool returnsUnsigned(const llvm::Function& function) {
  const llvm::DISubprogram* subprogram = function.getSubprogram();
  if (!subprogram || !subprogram->getType()) return false;
  llvm::DITypeRefArray types = subprogram->getType()->getTypeArray();
  return types.size() > 0 && isUnsignedDebugType(types[0]);
}

bool reachErrorEnds(const llvm::Function& reachError) {
  if (reachError.isDeclaration() || reachError.doesNotReturn()) return true;
  std::map<const llvm::BasicBlock*, size_t> position;
  for (const llvm::BasicBlock& block : reachError) position.emplace(&block, position.size());
  for (const llvm::BasicBlock& block : reachError) {
    bool ends = false;  // a call that ends the program comes before the block's terminator
    for (const llvm::Instruction& i : block) {
      auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
      if (!call) continue;
      auto* callee = llvm::dyn_cast<llvm::Function>(call->getCalledOperand()->stripPointerCasts());
      if (!callee) return false;
      const EnvFunction kind = classifyFunction(callee->getName());
      if (kind == EnvFunction::Abort || kind == EnvFunction::Exit || kind == EnvFunction::AssertFail ||
          callee->doesNotReturn()) {
        ends = true;
        break;
      }
      if (!callee->isIntrinsic() && kind == EnvFunction::None) return false;  // the program's own code
    }
    if (ends) continue;
    if (llvm::isa<llvm::ReturnInst>(block.getTerminator())) return false;
    for (const llvm::BasicBlock* successor : llvm::successors(&block))
      if (position.at(successor) <= position.at(&block)) return false;  // a loop, or a jump back
  }
  return true;
}

std::optional<NondetType> nondetType(const llvm::Function& function, DataModel model) {
  const std::string_view name = function.getName();
  if (!startsWith(name, kNondetPrefix)) return std::nullopt;
  if (auto known = nondetTypeByName(name, model)) return known;
  const llvm::Type* type = function.getReturnType();
  using K = NondetKind;
  if (type->isIntegerTy(1)) return NondetType{K::Bool, 1, false};
  if (type->isIntegerTy() && type->getIntegerBitWidth() <= 64)
    return NondetType{K::Integer, type->getIntegerBitWidth(), !returnsUnsigned(function)};
  if (type->isFloatTy()) return NondetType{K::Float, 32, true};
  if (type->isDoubleTy()) return NondetType{K::Double, 64, true};
  if (type->isPointerTy()) return NondetType{K::Pointer, model == DataModel::ILP32 ? 32u : 64u, false};
  return std::nullopt;
}

bool nondetSignednessGuessed(const llvm::Function& function) {
  const std::string_view name = function.getName();
  return startsWith(name, kNondetPrefix) && !nondetTypeByName(name, DataModel::LP64) && !function.getSubprogram();
}

namespace {

// A body for a declared-only function: `return __VERIFIER_nondet_result_of_<name>();`, of the declared return type
// (a name no SV-COMP rule gives a type of its own, so the declaration decides it).
void giveArbitraryResult(llvm::Function& function) {
  llvm::Type* result = function.getReturnType();
  llvm::LLVMContext& context = function.getContext();
  llvm::FunctionCallee nondet;
  if (!result->isVoidTy()) {
    const std::string nondetName = std::string(kNondetPrefix) + "result_of_" + function.getName().str();
    llvm::Function* existing = function.getParent()->getFunction(nondetName);
    if (existing && (!existing->isDeclaration() || existing->getFunctionType()->getNumParams() != 0 ||
                     existing->getReturnType() != result))
      return;
    nondet = function.getParent()->getOrInsertFunction(nondetName, llvm::FunctionType::get(result, false));
  }
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(context, "entry", &function));
  if (result->isVoidTy())
    builder.CreateRetVoid();
  else
    builder.CreateRet(builder.CreateCall(nondet));
}

// `char* atropos.nondet_String()`: n >= 1 bytes from malloc, the last one '\0', the others as malloc leaves them.
// n is a long of at most PTRDIFF_MAX: no object is larger (clang's pointer arithmetic assumes it), and long has
// the width of ptrdiff_t in both data models.
void giveFreshString(llvm::Function& declared, DataModel model) {
  llvm::Module& module = *declared.getParent();
  llvm::LLVMContext& context = module.getContext();
  llvm::Type* size = llvm::Type::getIntNTy(context, model == DataModel::ILP32 ? 32 : 64);
  llvm::Type* bytePointer = llvm::Type::getInt8PtrTy(context);
  llvm::FunctionCallee nondetSize =
      module.getOrInsertFunction("__VERIFIER_nondet_long", llvm::FunctionType::get(size, false));
  llvm::FunctionCallee assume = module.getOrInsertFunction(
      "__VERIFIER_assume", llvm::FunctionType::get(llvm::Type::getVoidTy(context), {llvm::Type::getInt32Ty(context)}, false));
  llvm::FunctionCallee malloc = module.getOrInsertFunction("malloc", llvm::FunctionType::get(bytePointer, {size}, false));
  llvm::Function* body = llvm::Function::Create(declared.getFunctionType(), llvm::GlobalValue::InternalLinkage,
                                                "atropos.nondet_String", module);
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(context, "entry", body));
  llvm::Value* length = builder.CreateCall(nondetSize, {}, "length");
  // Stated for the readings whose integers have no type's range, where a long may be larger.
  llvm::Value* objectSize = builder.CreateAnd(builder.CreateICmpSGT(length, llvm::ConstantInt::get(size, 0)),
                                              builder.CreateICmpSLE(length, llvm::ConstantInt::get(context, llvm::APInt::getSignedMaxValue(
                                                                                         size->getIntegerBitWidth()))));
  builder.CreateCall(assume, {builder.CreateZExt(objectSize, builder.getInt32Ty())});
  llvm::Value* string = builder.CreateCall(malloc, {length}, "string");
  llvm::Value* last = builder.CreateGEP(builder.getInt8Ty(), string,
                                        builder.CreateSub(length, llvm::ConstantInt::get(size, 1)), "last");
  builder.CreateStore(builder.getInt8(0), last);
  builder.CreateRet(builder.CreatePointerCast(string, declared.getReturnType()));
  declared.replaceAllUsesWith(body);
  declared.eraseFromParent();
}

// A declared-only function the program marks noreturn: under the competition's rule it ends, and it cannot return.
bool endsWithoutReturning(const llvm::Function& function) {
  return function.isDeclaration() && !function.isIntrinsic() && !function.use_empty() && function.doesNotReturn() &&
         classifyFunction(function.getName()) == EnvFunction::None;
}

// A body for such a function: `abort();`.
void endAsAbortDoes(llvm::Function& function) {
  llvm::LLVMContext& context = function.getContext();
  llvm::FunctionCallee abort =
      function.getParent()->getOrInsertFunction("abort", llvm::FunctionType::get(llvm::Type::getVoidTy(context), false));
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(context, "entry", &function));
  builder.CreateCall(abort);
  builder.CreateUnreachable();
}

bool returnsArbitraryValues(const llvm::Function& function) {
  if (!function.isDeclaration() || function.isIntrinsic() || function.use_empty() || function.doesNotReturn())
    return false;
  if (classifyFunction(function.getName()) != EnvFunction::None) return false;
  for (const llvm::Argument& argument : function.args())
    if (argument.hasStructRetAttr()) return false;  // its result is a write to the caller's memory
  const llvm::Type* result = function.getReturnType();
  return result->isVoidTy() || (result->isIntegerTy() && result->getIntegerBitWidth() <= 64) || result->isFloatTy() ||
         result->isDoubleTy();
}

}  // namespace

void adoptTermCompEnvironment(llvm::Module& module, DataModel model) {
  std::vector<llvm::Function*> declaredOnly, neverReturning;
  for (llvm::Function& function : module) {
    if (returnsArbitraryValues(function)) declaredOnly.push_back(&function);
    if (endsWithoutReturning(function)) neverReturning.push_back(&function);
    // The program's own nondet function is its function: a name the environment does not claim runs its body.
    if (!function.isDeclaration() && classifyFunction(function.getName()) == EnvFunction::Nondet)
      function.setName(std::string(kProgramDefinedPrefix) + function.getName().str());
  }
  for (llvm::Function* function : declaredOnly) giveArbitraryResult(*function);
  for (llvm::Function* function : neverReturning) endAsAbortDoes(*function);
  llvm::Function* nondetString = module.getFunction("__VERIFIER_nondet_String");
  if (nondetString && nondetString->isDeclaration() && nondetString->getReturnType()->isPointerTy() &&
      nondetString->arg_empty() && !nondetString->use_empty())
    giveFreshString(*nondetString, model);
}

}  // namespace atropos::frontend
