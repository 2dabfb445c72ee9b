// The SV-COMP environment and the C library functions with exact semantics: what each reads, writes, allocates,
// and when it is undefined.
#include <llvm/IR/Instruction.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "bits.h"
#include "execution.h"

namespace atropos::interp {


bool Execution::stringLength(const Slot& pointer, uint64_t limit, uint64_t& length, const llvm::Instruction* at) {
  uint64_t offset;
  uint32_t id = access(pointer, limit == 0 ? 0 : 1, false, offset, at);
  if (id == 0) return false;
  Object& o = memory_.object(id);
  length = 0;
  while (length < limit) {
    if (offset + length >= o.size) {
      accessViolation(Access::OutOfBounds, Slot{pointer.bits + length, id, 0}, 1, false, at);
      return false;
    }
    if (!o.init[offset + length] && !initializeByDrawing(o, offset + length, 1, at)) return false;
    if (o.data[offset + length] == 0) return true;
    ++length;
  }
  return true;
}

bool Execution::readString(const Slot& pointer, uint64_t limit, std::string& text, const llvm::Instruction* at) {
  uint64_t length;
  if (!stringLength(pointer, limit, length, at)) return false;
  text.clear();
  if (length == 0) return true;
  uint64_t offset;
  uint32_t id = access(pointer, length, false, offset, at);
  if (id == 0) return false;
  const Object& o = memory_.object(id);
  text.assign(reinterpret_cast<const char*>(o.data.data() + offset), length);
  return true;
}

bool Execution::printfLength(const CallSite& site, uint64_t& length, const llvm::Instruction* at) {
  Slot* R = regs();
  std::string format;
  if (!readString(R[site.argRegs[0]], UINT64_MAX, format, at)) return false;
  size_t nextArg = 1;
  auto takeArg = [&](Slot& out) {
    if (nextArg >= site.argRegs.size()) {
      violation(ViolationKind::PoisonValue, "printf has fewer arguments than its format asks for", at);
      return false;
    }
    out = R[site.argRegs[nextArg++]];
    return true;
  };
  const unsigned longBits = code_.pointerBytes * 8;
  length = 0;
  char buffer[512];
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      ++length;
      continue;
    }
    // %[flags][width][.precision][length]conversion, rebuilt for the host with the value's exact host type.
    std::string spec = "%";
    size_t j = i + 1;
    while (j < format.size() && std::string_view("-+ #0").find(format[j]) != std::string_view::npos) spec += format[j++];
    for (int part = 0; part < 2; ++part) {  // width, then precision
      if (part == 1) {
        if (j >= format.size() || format[j] != '.') break;
        spec += format[j++];
      }
      if (j < format.size() && format[j] == '*') {
        Slot v;
        if (!takeArg(v)) return false;
        spec += std::to_string(signExtend(v.bits, 32));
        ++j;
      } else {
        while (j < format.size() && format[j] >= '0' && format[j] <= '9') spec += format[j++];
      }
    }
    unsigned bits = 32;
    if (format.compare(j, 2, "hh") == 0) bits = 8, j += 2;
    else if (format.compare(j, 2, "ll") == 0) bits = 64, j += 2;
    else if (j < format.size() && format[j] == 'h') bits = 16, ++j;
    else if (j < format.size() && (format[j] == 'l' || format[j] == 'z' || format[j] == 't')) bits = longBits, ++j;
    else if (j < format.size() && format[j] == 'j') bits = 64, ++j;
    else if (j < format.size() && format[j] == 'L')
      {
        unsupported("printf of a long double", at);
        return false;
      }
    if (j >= format.size()) {
        unsupported("a printf format that ends inside a conversion", at);
        return false;
      }
    const char conversion = format[j];
    i = j;
    Slot v{0, 0, 0};
    int written = 0;
    switch (conversion) {
      case '%':
        written = 1;
        break;
      case 'd': case 'i':
        if (!takeArg(v)) return false;
        noteNarrowRead(v.bits, std::max(bits, 32u), bits, true, at);  // an int at least, as passed
        written = std::snprintf(buffer, sizeof buffer, (spec + "lld").c_str(), static_cast<long long>(signExtend(v.bits & maskOf(bits), bits)));
        break;
      case 'u': case 'o': case 'x': case 'X':
        if (!takeArg(v)) return false;
        noteNarrowRead(v.bits, std::max(bits, 32u), bits, false, at);
        written = std::snprintf(buffer, sizeof buffer, (spec + "ll" + conversion).c_str(),
                                static_cast<unsigned long long>(v.bits & maskOf(bits)));
        break;
      case 'c':
        if (!takeArg(v)) return false;
        noteNarrowRead(v.bits, 32, 8, false, at);
        written = std::snprintf(buffer, sizeof buffer, (spec + "c").c_str(), static_cast<int>(static_cast<unsigned char>(v.bits)));
        break;
      case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
        if (!takeArg(v)) return false;
        written = std::snprintf(buffer, sizeof buffer, (spec + conversion).c_str(), doubleOf(v.bits));
        break;
      case 's': {
        if (!takeArg(v)) return false;
        const size_t dot = spec.find('.');
        const uint64_t limit = dot == std::string::npos ? UINT64_MAX : std::strtoull(spec.c_str() + dot + 1, nullptr, 10);
        std::string text;
        if (!readString(v, limit, text, at)) return false;
        written = std::snprintf(nullptr, 0, (spec + "s").c_str(), text.c_str());
        break;
      }
      case 'p':
        if (!takeArg(v)) return false;
        dependsOnAddresses(at);  // the text of an address
        written = std::snprintf(buffer, sizeof buffer, "%p", reinterpret_cast<void*>(v.bits));
        break;
      case 'n':
        {
        unsupported("printf with %n", at);
        return false;
      }
      default:
        violation(ViolationKind::PoisonValue, std::string("printf with the invalid conversion %") + conversion, at);
        return false;
    }
    if (written < 0) {
        unsupported("a printf conversion the host cannot format", at);
        return false;
      }
    length += static_cast<uint64_t>(written);
  }
  return true;
}

Flow Execution::freeObject(const Slot& pointer, const char* what, const llvm::Instruction* at) {
  if (pointer.bits == 0) return Flow::Continue;  // free(NULL) does nothing
  uint32_t id = pointer.prov ? pointer.prov : memory_.findByAddress(pointer.bits);
  if (id == 0) return violation(ViolationKind::FreeOfNonHeap, std::string(what) + " of an address that is no object", at);
  const Object& o = memory_.object(id);
  if (o.kind != ObjectKind::Heap)
    return violation(ViolationKind::FreeOfNonHeap,
                     std::string(what) + " of " + (o.kind == ObjectKind::Stack ? "a stack object" : "a global object"), at);
  if (!o.live) return violation(ViolationKind::DoubleFree, std::string(what) + " of an object already freed", at);
  if (pointer.bits != o.base)
    return violation(ViolationKind::FreeOfInteriorPointer,
                     std::string(what) + " of a pointer " + std::to_string(static_cast<int64_t>(pointer.bits - o.base)) +
                         " bytes into an object",
                     at);
  memory_.release(id);
  return Flow::Continue;
}

Flow Execution::callBuiltin(const Function& callee, const CallSite& site, uint32_t dst, const llvm::Instruction* at) {
  using frontend::EnvFunction;
  const BuiltinCall c{callee, site, regs(), dst, at, ptrMask()};
  static const std::vector<std::pair<EnvFunction, size_t>> arity = {
      {EnvFunction::Assume, 1}, {EnvFunction::Exit, 1},    {EnvFunction::Malloc, 1},  {EnvFunction::Calloc, 2},
      {EnvFunction::Realloc, 2}, {EnvFunction::Free, 1},   {EnvFunction::Alloca, 1},  {EnvFunction::Memset, 3},
      {EnvFunction::Memcpy, 3},  {EnvFunction::Memmove, 3}, {EnvFunction::Memcmp, 3}, {EnvFunction::Strlen, 1},
      {EnvFunction::Strnlen, 2}, {EnvFunction::Strcmp, 2}, {EnvFunction::Strncmp, 3}, {EnvFunction::Strcpy, 2},
      {EnvFunction::Strncpy, 3}, {EnvFunction::Strcat, 2}, {EnvFunction::Strchr, 2},  {EnvFunction::Abs, 1},
      {EnvFunction::Labs, 1},    {EnvFunction::LLabs, 1},  {EnvFunction::Sqrt, 1},    {EnvFunction::Fabs, 1},
      {EnvFunction::Printf, 1},  {EnvFunction::Puts, 1},   {EnvFunction::Putchar, 1}};
  for (const auto& [fn, n] : arity)
    if (fn == c.callee.env && c.site.argRegs.size() < n)
      return unsupported("a call to '" + c.callee.name + "' with too few arguments", c.at);
  // The size_t arguments: one with its sign bit set may be a negative int that C converted.
  static const std::vector<std::pair<EnvFunction, std::vector<size_t>>> sizes = {
      {EnvFunction::Malloc, {0}},  {EnvFunction::Alloca, {0}},  {EnvFunction::Calloc, {0, 1}},
      {EnvFunction::Realloc, {1}}, {EnvFunction::Memset, {2}},  {EnvFunction::Memcpy, {2}},
      {EnvFunction::Memmove, {2}}, {EnvFunction::Memcmp, {2}},  {EnvFunction::Strnlen, {1}},
      {EnvFunction::Strncmp, {2}}, {EnvFunction::Strncpy, {2}}};
  for (const auto& [fn, which] : sizes)
    if (fn == c.callee.env)
      for (size_t k : which) noteSignBitRead(c.arg(k).bits, code_.pointerBytes * 8, false, c.at);

  switch (c.callee.env) {
    case EnvFunction::None:
      return unsupported("a call to the external function '" + c.callee.name + "', which has no model", c.at);
    case EnvFunction::NoEffect:
      return Flow::Continue;
    case EnvFunction::Nondet:
      return callNondet(c);
    case EnvFunction::Assume:
      if (c.arg(0).bits == 0) {
        result_.end = RunEnd::AssumeFailed;
        return Flow::Stop;
      }
      return Flow::Continue;
    case EnvFunction::ReachError:
      if (!c.callee.reachErrorEnds) return violation(ViolationKind::ReachErrorReturns, "reach_error() is called", c.at);
      // The call aborts: the program ends here with whatever heap it still holds (valid-memcleanup).
      result_.programEnd = RunEnd::Aborted;
      result_.heapStillAllocated = anyHeapLive();
      return violation(ViolationKind::ReachError, "reach_error() is called", c.at);
    case EnvFunction::Abort:
    case EnvFunction::AssertFail:
      return endProgram(RunEnd::Aborted);
    case EnvFunction::Exit:
      return endProgram(RunEnd::Exited);
    case EnvFunction::Free:
      return freeObject(c.arg(0), "free", c.at);
    case EnvFunction::Malloc:
    case EnvFunction::Alloca:
    case EnvFunction::Calloc:
    case EnvFunction::Realloc:
      return callAllocation(c);
    case EnvFunction::Memset:
    case EnvFunction::Memcpy:
    case EnvFunction::Memmove:
    case EnvFunction::Memcmp:
      return callMemoryFunction(c);
    case EnvFunction::Strlen:
    case EnvFunction::Strnlen:
    case EnvFunction::Strcmp:
    case EnvFunction::Strncmp:
    case EnvFunction::Strchr:
      return callStringFunction(c);
    case EnvFunction::Strcpy:
    case EnvFunction::Strcat:
    case EnvFunction::Strncpy:
      return callStringCopy(c);
    case EnvFunction::Printf:
    case EnvFunction::Puts:
    case EnvFunction::Putchar:
      return callOutput(c);
    case EnvFunction::Sqrt:
    case EnvFunction::Fabs:
    case EnvFunction::Abs:
    case EnvFunction::Labs:
    case EnvFunction::LLabs:
      return callMath(c);
  }
  return unknownBuiltin(c);
}

Flow Execution::unknownBuiltin(const BuiltinCall& c) {
  return unsupported("the environment function '" + c.callee.name + "'", c.at);
}

// A __VERIFIER_nondet_* call: a drawn value of the named C type, converted to the call's type as C converts it.
Flow Execution::callNondet(const BuiltinCall& c) {
  if (!c.callee.nondet) return unsupported("the nondet function '" + c.callee.name + "' of unknown type", c.at);
  const frontend::NondetType& t = *c.callee.nondet;
  if (t.kind == frontend::NondetKind::Pointer) return unsupported("nondeterministic pointers", c.at);
  if (pauseBeforeNondet({t.kind, t.bits, t.isSigned, false})) return Flow::Stop;
  if (c.site.resultSlots == 0) {
    drawNondet({t.kind, t.bits, t.isSigned, false}, c.callee.name, c.at);
    return Flow::Continue;
  }
  uint64_t v = drawNondet({t.kind, t.bits, t.isSigned, false}, c.callee.name, c.at);
  if (t.kind == frontend::NondetKind::Bool) v &= 1;
  const unsigned resultBits = c.site.resultBits;
  if ((t.kind == frontend::NondetKind::Float || t.kind == frontend::NondetKind::Double) && resultBits != t.bits)
    return unsupported("a nondet floating-point value used at another type", c.at);
  // The value has the named C type; an undeclared call (returning int) converts it as C would.
  uint64_t extended = t.isSigned ? static_cast<uint64_t>(signExtend(v, t.bits)) : v;
  c.setResult(Slot{extended & maskOf(resultBits), 0, 0});
  return Flow::Continue;
}

// malloc, alloca, calloc and realloc: fresh objects, and realloc's copy of the old one.
Flow Execution::callAllocation(const BuiltinCall& c) {
  using frontend::EnvFunction;
  switch (c.callee.env) {
    case EnvFunction::Malloc:
    case EnvFunction::Alloca: {
      const uint64_t size = c.arg(0).bits & c.pointerMask;
      uint32_t id = memory_.allocate(c.callee.env == EnvFunction::Malloc ? ObjectKind::Heap : ObjectKind::Stack, size,
                                     16, c.at);
      if (id == 0) {
        result_.end = RunEnd::MemoryLimit;
        return Flow::Stop;
      }
      if (c.callee.env == EnvFunction::Alloca) allocas_.push_back(id);
      c.pointerResult(memory_.object(id).base, id);
      return Flow::Continue;
    }
    case EnvFunction::Calloc: {
      unsigned __int128 size =
          static_cast<unsigned __int128>(c.arg(0).bits & c.pointerMask) * (c.arg(1).bits & c.pointerMask);
      if (size > c.pointerMask) return unsupported("calloc with a size that overflows size_t", c.at);
      Slot p = allocateHeap(static_cast<uint64_t>(size), c.at);
      if (p.prov == 0) {
        result_.end = RunEnd::MemoryLimit;
        return Flow::Stop;
      }
      Object& o = memory_.object(p.prov);
      if (o.size) std::memset(o.init.data(), 1, o.size);  // the fresh storage is zero already
      c.pointerResult(p.bits, p.prov);
      return Flow::Continue;
    }
    case EnvFunction::Realloc: {
      const Slot old = c.arg(0);
      const uint64_t size = c.arg(1).bits & c.pointerMask;
      if (old.bits != 0 && size == 0)
        return unsupported("realloc to size 0, whose result the C standard leaves to the implementation", c.at);
      uint64_t keep = 0;
      uint32_t oldId = 0;
      if (old.bits != 0) {
        oldId = old.prov ? old.prov : memory_.findByAddress(old.bits);
        const Object* o = oldId ? &memory_.object(oldId) : nullptr;
        if (!o || o->kind != ObjectKind::Heap || !o->live || old.bits != o->base)
          return freeObject(old, "realloc", c.at);  // reports why the pointer cannot be reallocated
        keep = std::min(o->size, size);
      }
      Slot fresh = allocateHeap(size, c.at);
      if (fresh.prov == 0) {
        result_.end = RunEnd::MemoryLimit;
        return Flow::Stop;
      }
      if (oldId) {
        memory_.copy(memory_.object(fresh.prov), 0, memory_.object(oldId), 0, keep);
        memory_.release(oldId);
      }
      c.pointerResult(fresh.bits, fresh.prov);
      return Flow::Continue;
    }
    default:
      return unknownBuiltin(c);
  }
}

// memset, memcpy, memmove and memcmp over byte ranges that must lie in their objects.
Flow Execution::callMemoryFunction(const BuiltinCall& c) {
  using frontend::EnvFunction;
  switch (c.callee.env) {
    case EnvFunction::Memset: {
      const uint64_t n = c.arg(2).bits & c.pointerMask;
      if (n != 0) {
        uint64_t off;
        uint32_t id = access(c.arg(0), n, true, off, c.at);
        if (id == 0) return Flow::Stop;
        memory_.fill(memory_.object(id), off, n, static_cast<uint8_t>(c.arg(1).bits));
      }
      c.pointerResult(c.arg(0).bits, c.arg(0).prov);
      return Flow::Continue;
    }
    case EnvFunction::Memcpy:
    case EnvFunction::Memmove: {
      const uint64_t n = c.arg(2).bits & c.pointerMask;
      if (n != 0) {
        uint64_t srcOff, dstOff;
        uint32_t src = access(c.arg(1), n, false, srcOff, c.at);
        if (src == 0) return Flow::Stop;
        uint32_t dstId = access(c.arg(0), n, true, dstOff, c.at);
        if (dstId == 0) return Flow::Stop;
        if (c.callee.env == EnvFunction::Memcpy && src == dstId && srcOff < dstOff + n && dstOff < srcOff + n &&
            srcOff != dstOff)
          return violation(ViolationKind::PoisonValue, "memcpy between overlapping regions", c.at);
        if (memory_.object(src).kind == ObjectKind::Global &&
            !initializeByDrawing(memory_.object(src), srcOff, n, c.at))
          return Flow::Stop;
        memory_.copy(memory_.object(dstId), dstOff, memory_.object(src), srcOff, n);
      }
      c.pointerResult(c.arg(0).bits, c.arg(0).prov);
      return Flow::Continue;
    }
    case EnvFunction::Memcmp: {
      const uint64_t n = c.arg(2).bits & c.pointerMask;
      int cmp = 0;
      if (n != 0) {
        uint64_t aOff, bOff;
        uint32_t a = access(c.arg(0), n, false, aOff, c.at);
        if (a == 0) return Flow::Stop;
        uint32_t b = access(c.arg(1), n, false, bOff, c.at);
        if (b == 0) return Flow::Stop;
        if (!initializeByDrawing(memory_.object(a), aOff, n, c.at) ||
            !initializeByDrawing(memory_.object(b), bOff, n, c.at))
          return Flow::Stop;
        cmp = std::memcmp(memory_.object(a).data.data() + aOff, memory_.object(b).data.data() + bOff, n);
      }
      c.setResult(Slot{static_cast<uint64_t>(cmp < 0 ? -1 : cmp > 0 ? 1 : 0) & maskOf(c.site.resultBits), 0, 0});
      return Flow::Continue;
    }
    default:
      return unknownBuiltin(c);
  }
}

// strlen, strnlen, strcmp, strncmp and strchr: reads up to a terminator, which must lie in the object.
Flow Execution::callStringFunction(const BuiltinCall& c) {
  using frontend::EnvFunction;
  switch (c.callee.env) {
    case EnvFunction::Strlen:
    case EnvFunction::Strnlen: {
      uint64_t length;
      const uint64_t limit = c.callee.env == EnvFunction::Strnlen ? (c.arg(1).bits & c.pointerMask) : UINT64_MAX;
      if (!stringLength(c.arg(0), limit, length, c.at)) return Flow::Stop;
      c.setResult(Slot{length & maskOf(c.site.resultBits), 0, 0});
      return Flow::Continue;
    }
    case EnvFunction::Strcmp:
    case EnvFunction::Strncmp: {
      const uint64_t limit = c.callee.env == EnvFunction::Strncmp ? (c.arg(2).bits & c.pointerMask) : UINT64_MAX;
      int cmp = 0;
      for (uint64_t i = 0; i < limit; ++i) {
        uint64_t aOff, bOff;
        Slot pa = c.arg(0), pb = c.arg(1);
        pa.bits = (pa.bits + i) & ptrMask();
        pb.bits = (pb.bits + i) & ptrMask();
        uint32_t a = access(pa, 1, false, aOff, c.at);
        if (a == 0) return Flow::Stop;
        uint32_t b = access(pb, 1, false, bOff, c.at);
        if (b == 0) return Flow::Stop;
        if (!initializeByDrawing(memory_.object(a), aOff, 1, c.at) ||
            !initializeByDrawing(memory_.object(b), bOff, 1, c.at))
          return Flow::Stop;
        const uint8_t ca = memory_.object(a).data[aOff], cb = memory_.object(b).data[bOff];
        if (ca != cb) {
          cmp = ca < cb ? -1 : 1;
          break;
        }
        if (ca == 0) break;
      }
      c.setResult(Slot{static_cast<uint64_t>(cmp) & maskOf(c.site.resultBits), 0, 0});
      return Flow::Continue;
    }
    case EnvFunction::Strchr: {
      uint64_t length;
      if (!stringLength(c.arg(0), UINT64_MAX, length, c.at)) return Flow::Stop;
      // C compares the character as a char: the same number in both signednesses only up to 127.
      noteNarrowRead(c.arg(1).bits, 32, 7, false, c.at);
      const uint8_t wanted = static_cast<uint8_t>(c.arg(1).bits);
      uint64_t off;
      uint32_t id = access(c.arg(0), length + 1, false, off, c.at);
      if (id == 0) return Flow::Stop;
      const Object& o = memory_.object(id);
      for (uint64_t i = 0; i <= length; ++i)
        if (o.data[off + i] == wanted) {
          c.pointerResult(c.arg(0).bits + i, c.arg(0).prov);
          return Flow::Continue;
        }
      c.pointerResult(0, 0);
      return Flow::Continue;
    }
    default:
      return unknownBuiltin(c);
  }
}

// strcpy, strcat and strncpy: a string and its terminator copied, never between overlapping regions.
Flow Execution::callStringCopy(const BuiltinCall& c) {
  using frontend::EnvFunction;
  const Slot dstPtr = c.arg(0);
  uint64_t srcLength;
  if (c.callee.env == EnvFunction::Strncpy) {
    const uint64_t n = c.arg(2).bits & c.pointerMask;
    if (!stringLength(c.arg(1), n, srcLength, c.at)) return Flow::Stop;
    if (n != 0) {
      uint64_t srcOff, dstOff;
      uint32_t src = access(c.arg(1), std::min(n, srcLength + 1), false, srcOff, c.at);
      if (src == 0) return Flow::Stop;
      uint32_t d = access(dstPtr, n, true, dstOff, c.at);
      if (d == 0) return Flow::Stop;
      const uint64_t copied = std::min(n, srcLength);
      if (src == d && srcOff < dstOff + n && dstOff < srcOff + copied)
        return violation(ViolationKind::PoisonValue, "strncpy between overlapping regions", c.at);
      memory_.copy(memory_.object(d), dstOff, memory_.object(src), srcOff, copied);
      memory_.fill(memory_.object(d), dstOff + copied, n - copied, 0);
    }
    c.pointerResult(dstPtr.bits, dstPtr.prov);
    return Flow::Continue;
  }
  if (!stringLength(c.arg(1), UINT64_MAX, srcLength, c.at)) return Flow::Stop;
  Slot target = dstPtr;
  if (c.callee.env == EnvFunction::Strcat) {
    uint64_t dstLength;
    if (!stringLength(dstPtr, UINT64_MAX, dstLength, c.at)) return Flow::Stop;
    target.bits = (target.bits + dstLength) & ptrMask();
  }
  uint64_t srcOff, dstOff;
  uint32_t src = access(c.arg(1), srcLength + 1, false, srcOff, c.at);
  if (src == 0) return Flow::Stop;
  uint32_t d = access(target, srcLength + 1, true, dstOff, c.at);
  if (d == 0) return Flow::Stop;
  if (src == d && srcOff < dstOff + srcLength + 1 && dstOff < srcOff + srcLength + 1)
    return violation(ViolationKind::PoisonValue, c.callee.name + " between overlapping regions", c.at);
  memory_.copy(memory_.object(d), dstOff, memory_.object(src), srcOff, srcLength + 1);
  c.pointerResult(dstPtr.bits, dstPtr.prov);
  return Flow::Continue;
}

// printf, puts and putchar write nothing the program reads back: only their results count.
Flow Execution::callOutput(const BuiltinCall& c) {
  using frontend::EnvFunction;
  switch (c.callee.env) {
    case EnvFunction::Printf: {
      uint64_t length;
      if (!printfLength(c.site, length, c.at)) return Flow::Stop;
      if (length > INT32_MAX) return unsupported("printf output longer than INT_MAX characters", c.at);
      c.setResult(Slot{length & maskOf(c.site.resultBits), 0, 0});
      return Flow::Continue;
    }
    case EnvFunction::Puts: {
      uint64_t length;
      if (!stringLength(c.arg(0), UINT64_MAX, length, c.at)) return Flow::Stop;
      // glibc's puts returns the number of characters written, the newline included.
      c.setResult(Slot{std::min<uint64_t>(length + 1, INT32_MAX) & maskOf(c.site.resultBits), 0, 0});
      return Flow::Continue;
    }
    case EnvFunction::Putchar:
      noteNarrowRead(c.arg(0).bits, 32, 8, false, c.at);  // it writes and returns the value as an unsigned char
      c.setResult(Slot{static_cast<uint8_t>(c.arg(0).bits) & maskOf(c.site.resultBits), 0, 0});
      return Flow::Continue;
    default:
      return unknownBuiltin(c);
  }
}

// sqrt and fabs on float and double, abs, labs and llabs, whose minimum overflows.
Flow Execution::callMath(const BuiltinCall& c) {
  using frontend::EnvFunction;
  switch (c.callee.env) {
    case EnvFunction::Sqrt:
    case EnvFunction::Fabs: {
      const Slot& x = c.arg(0);
      const bool sqrt = c.callee.env == EnvFunction::Sqrt;
      if (c.site.resultBits == 32)
        c.setResult(Slot{bitsOf(sqrt ? std::sqrt(floatOf(x.bits)) : std::fabs(floatOf(x.bits))), 0, 0});
      else if (c.site.resultBits == 64)
        c.setResult(Slot{bitsOf(sqrt ? std::sqrt(doubleOf(x.bits)) : std::fabs(doubleOf(x.bits))), 0, 0});
      else
        return unsupported("'" + c.callee.name + "' on a floating-point type other than float and double", c.at);
      return Flow::Continue;
    }
    case EnvFunction::Abs:
    case EnvFunction::Labs:
    case EnvFunction::LLabs: {
      const unsigned bits = c.site.resultBits;
      noteSignBitRead(c.arg(0).bits, bits, true, c.at);
      const int64_t v = signExtend(c.arg(0).bits & maskOf(bits), bits);
      const int64_t minValue = bits >= 64 ? INT64_MIN : -(int64_t{1} << (bits - 1));
      if (v == minValue)
        return violation(ViolationKind::SignedOverflow, c.callee.name + " of the minimum integer overflows", c.at);
      c.setResult(Slot{static_cast<uint64_t>(v < 0 ? -v : v) & maskOf(bits), 0, 0});
      return Flow::Continue;
    }
    default:
      return unknownBuiltin(c);
  }
}

}  // namespace atropos::interp
