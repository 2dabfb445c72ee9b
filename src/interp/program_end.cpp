// The end of a program: what is still allocated, and which heap objects no pointer reaches any more.
#include <cstring>

#include "frontend/source_location.h"
#include "execution.h"

namespace atropos::interp {

Execution::Reach Execution::reachableHeap(bool includeStack) const {
  const uint32_t n = memory_.objectCount();
  Reach reach;
  reach.precise.assign(n, 0);
  reach.conservative.assign(n, 0);
  const unsigned pb = code_.pointerBytes;

  std::vector<uint32_t> work;
  auto mark = [&](std::vector<uint8_t>& seen, uint32_t id) {
    if (id != 0 && id < n && !seen[id]) {
      seen[id] = 1;
      work.push_back(id);
    }
  };
  auto markAddress = [&](uint64_t address) {
    if (address < kFirstAddress) return;
    uint32_t id = memory_.findByAddress(address);
    if (id != 0 && memory_.object(id).kind == ObjectKind::Heap) mark(reach.conservative, id);
  };
  auto scanObject = [&](uint32_t id, bool precise) {
    const Object& o = memory_.object(id);
    if (!o.live) return;
    if (precise) {
      for (uint32_t p : o.prov) mark(reach.precise, p);
      return;
    }
    for (uint32_t p : o.prov) mark(reach.conservative, p);
    for (uint64_t off = 0; off + pb <= o.size; off += pb) {
      uint64_t word = 0;
      std::memcpy(&word, o.data.data() + off, pb);
      markAddress(word);
    }
  };
  auto isRoot = [&](const Object& o) {
    return o.live && (o.kind == ObjectKind::Global || (includeStack && o.kind == ObjectKind::Stack));
  };
  for (int pass = 0; pass < 2; ++pass) {
    const bool precise = pass == 0;
    std::vector<uint8_t>& seen = precise ? reach.precise : reach.conservative;
    work.clear();
    for (uint32_t id = 1; id < n; ++id)
      if (isRoot(memory_.object(id))) mark(seen, id);
    if (includeStack)
      for (const Slot& s : registers_) {
        mark(seen, s.prov);
        if (!precise) markAddress(s.bits);
      }
    while (!work.empty()) {
      uint32_t id = work.back();
      work.pop_back();
      scanObject(id, precise);
    }
  }
  return reach;
}

bool Execution::anyLostHeap(const Reach& reach, bool conservative, uint32_t* example) const {
  const std::vector<uint8_t>& seen = conservative ? reach.conservative : reach.precise;
  for (uint32_t id = 1; id < memory_.objectCount(); ++id) {
    const Object& o = memory_.object(id);
    if (o.live && o.kind == ObjectKind::Heap && !seen[id]) {
      if (example) *example = id;
      return true;
    }
  }
  return false;
}

bool Execution::anyHeapLive() const {
  if (memory_.heapBytesLive() > 0) return true;
  for (uint32_t id = 1; id < memory_.objectCount(); ++id)
    if (memory_.object(id).live && memory_.object(id).kind == ObjectKind::Heap) return true;
  return false;
}

Flow Execution::endProgram(RunEnd how) {
  result_.end = how;
  result_.programEnd = how;
  result_.heapStillAllocated = anyHeapLive();
  if (!result_.heapStillAllocated) return Flow::Stop;
  // After main returned its frame is gone; after exit() or abort() the stack still holds pointers.
  const bool stackAlive = how != RunEnd::Returned;
  Reach all = reachableHeap(stackAlive);
  uint32_t lost = 0;
  if (anyLostHeap(all, true, &lost)) {
    const Object& o = memory_.object(lost);
    std::string where;
    if (o.site) {
      SourceLocation loc = frontend::sourceLocationOf(*o.site);
      if (loc.known()) where = " allocated at line " + std::to_string(loc.line);
    }
    return violation(ViolationKind::MemoryLeak,
                     std::to_string(o.size) + " bytes" + where + " are no longer reachable when the program ends (" +
                         runEndName(how) + ")",
                     o.site);
  }
  if (anyLostHeap(all, false, nullptr)) result_.memoryVerdictAmbiguous = true;  // only integers still point there
  if (stackAlive) {
    Reach fromGlobals = reachableHeap(false);
    if (anyLostHeap(fromGlobals, false, nullptr)) result_.memoryVerdictAmbiguous = true;
  }
  return Flow::Stop;
}

}  // namespace atropos::interp
