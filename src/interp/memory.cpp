#include "memory.h"

#include <algorithm>

#include "bits.h"

namespace atropos::interp {

namespace {
// An object's record and the allocator's headers of its data and initialization buffers.
constexpr uint64_t kObjectRecordBytes = sizeof(Object) + 64;
}  // namespace

Memory::Memory(const Interpreter::Code& code, uint64_t limitBytes)
    : addressLimit_(code.pointerBytes == 4 ? 0xFFFF0000ull : 0x0000700000000000ull), limitBytes_(limitBytes) {
  objects_.reserve(code.staticObjects.size() + 64);
  objects_.emplace_back();
  for (size_t i = 0; i < code.staticObjects.size(); ++i) {
    const StaticObject& s = code.staticObjects[i];
    Object o;
    o.base = code.staticBases[i];
    o.size = s.size;
    o.kind = s.kind;
    o.function = s.function;
    if (s.kind != ObjectKind::Function) {
      o.data = ZeroedBuffer<uint8_t>(s.size);
      std::memcpy(o.data.data(), s.bytes.data(), std::min<uint64_t>(s.bytes.size(), s.size));
      o.init = ZeroedBuffer<uint8_t>(s.size);
      // Static storage is initialized; an external global's contents are unknown, read like uninitialized memory.
      if (!s.contentsUnknown) std::memset(o.init.data(), 1, s.size);
      if (!s.pointers.empty()) {
        o.prov = ZeroedBuffer<uint32_t>(s.size);
        for (auto [offset, target] : s.pointers) std::fill_n(o.prov.data() + offset, code.pointerBytes, target);
      }
    }
    bytesLive_ += s.size;
    objects_.push_back(std::move(o));
  }
  nextAddress_ = code.staticBases.empty()
                     ? kFirstAddress
                     : code.staticBases.back() + code.staticObjects.back().size + kObjectGap;
}

uint32_t Memory::allocate(ObjectKind kind, uint64_t size, uint64_t align, const llvm::Instruction* site) {
  align = std::max<uint64_t>(align, 16);
  uint64_t base = alignUp(nextAddress_, align);
  // Every object ever made keeps its identity (for later checks of dangling pointers), and its record and shadow
  // buffers cost bytes of their own: a deep recursion of small locals grew to 1.5 GB under a 512 MB limit of
  // program bytes when only the live bytes counted (termination-crafted/Ackermann-2, valid-memsafety).
  const uint64_t recordBytes = (objects_.size() + 1) * kObjectRecordBytes;
  if (size > addressLimit_ || base > addressLimit_ - size || bytesLive_ + size > limitBytes_ ||
      recordBytes > limitBytes_ - bytesLive_ - size || objects_.size() >= UINT32_MAX - 1) {
    overLimit_ = true;
    return 0;
  }
  nextAddress_ = base + size + kObjectGap;
  Object o;
  o.base = base;
  o.size = size;
  o.kind = kind;
  o.site = site;
  o.data = ZeroedBuffer<uint8_t>(size);
  o.init = ZeroedBuffer<uint8_t>(size);
  bytesLive_ += size;
  if (kind == ObjectKind::Heap) heapLive_ += size;
  objects_.push_back(std::move(o));
  return static_cast<uint32_t>(objects_.size() - 1);
}

void Memory::beginScope(uint32_t id) {
  Object& o = objects_[id];
  if (o.released) return;
  o.live = true;
  if (o.size) std::memset(o.init.data(), 0, o.size);
  if (!o.prov.empty()) std::memset(o.prov.data(), 0, o.size * sizeof(uint32_t));
}

void Memory::release(uint32_t id) {
  Object& o = objects_[id];
  if (o.released) return;
  o.released = true;
  o.live = false;
  bytesLive_ -= o.size;
  if (o.kind == ObjectKind::Heap) heapLive_ -= o.size;
  o.data = {};
  o.init = {};
  o.prov = {};
}

namespace {

template <typename T>
bool sameBuffer(const ZeroedBuffer<T>& a, const ZeroedBuffer<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

bool sameObject(const Object& a, const Object& b) {
  return a.base == b.base && a.size == b.size && a.kind == b.kind && a.live == b.live && a.released == b.released &&
         a.function == b.function && a.site == b.site && sameBuffer(a.data, b.data) && sameBuffer(a.init, b.init) &&
         sameBuffer(a.prov, b.prov);
}

template <typename T>
uint64_t hashBuffer(uint64_t h, const ZeroedBuffer<T>& b) {
  const size_t bytes = b.size() * sizeof(T);
  const auto* p = reinterpret_cast<const uint8_t*>(b.data());
  h = hashMix(h, bytes);
  size_t i = 0;
  for (; i + 8 <= bytes; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    h = hashMix(h, w);
  }
  uint64_t rest = 0;
  if (i < bytes) std::memcpy(&rest, p + i, bytes - i);  // an empty buffer's data() may be null
  return hashMix(h, rest);
}

// The bytes of an object where they are initialized: what an uninitialized byte holds is never read.
uint64_t hashInitializedBytes(uint64_t h, const Object& o) {
  const uint64_t size = std::min(o.data.size(), o.init.size());  // functions' objects have no bytes
  for (uint64_t i = 0; i < size; i += 8) {
    uint64_t data = 0, init = 0;
    const size_t n = std::min<uint64_t>(8, size - i);
    std::memcpy(&data, o.data.data() + i, n);
    std::memcpy(&init, o.init.data() + i, n);
    h = hashMix(h, data & (init * 0xFF));  // each init byte is 0 or 1: a byte mask without carries
  }
  return h;
}

}  // namespace

uint64_t Memory::hashContents(uint64_t h, uint32_t id) const {
  const Object& o = objects_[id];
  return hashBuffer(hashBuffer(hashInitializedBytes(h, o), o.init), o.prov);
}

uint64_t Memory::hash(const std::vector<bool>& leftOut) const {
  uint64_t h = 0;
  for (size_t id = 1; id < objects_.size(); ++id) {
    const Object& o = objects_[id];
    if (!o.live || (id < leftOut.size() && leftOut[id])) continue;
    h = hashMix(hashMix(h, id), o.base ^ (o.size << 20) ^ (static_cast<uint64_t>(o.kind) << 8));
    h = hashContents(h, static_cast<uint32_t>(id));
  }
  return h;
}

bool Memory::sameLiveState(const Memory& earlier, uint32_t& mismatchHint) const {
  if (objects_.size() < earlier.objects_.size() || bytesLive_ != earlier.bytesLive_ ||
      heapLive_ != earlier.heapLive_ || overLimit_ != earlier.overLimit_ || limitBytes_ != earlier.limitBytes_)
    return false;
  auto same = [&](size_t id) {
    const Object& now = objects_[id];
    if (id >= earlier.objects_.size()) return !now.live;
    const Object& then = earlier.objects_[id];
    return (!now.live && !then.live) || sameObject(now, then);
  };
  if (mismatchHint != 0 && mismatchHint < objects_.size() && !same(mismatchHint)) return false;
  // Then the newest objects first: the locals of the running function are the likeliest to differ.
  for (size_t id = objects_.size(); id-- > 1;)
    if (!same(id)) {
      mismatchHint = static_cast<uint32_t>(id);
      return false;
    }
  return true;
}

bool EndedObjectMatch::sameSlot(const Slot& then, const Slot& now) {
  if (then.prov == 0 || now.prov == 0) return then.prov == now.prov && then.bits == now.bits;
  const Object& a = then_.object(then.prov);
  const Object& b = now_.object(now.prov);
  if (a.live || b.live) return then.prov == now.prov && then.bits == now.bits;
  if (a.size != b.size || a.kind != b.kind || a.function != b.function || a.site != b.site ||
      then.bits - a.base != now.bits - b.base)
    return false;
  for (const auto& [x, y] : matched_)
    if (x == then.prov || y == now.prov) return x == then.prov && y == now.prov;
  matched_.emplace_back(then.prov, now.prov);
  return true;
}

bool Memory::olderObjectsUnchanged(const Memory& earlier) const {
  if (earlier.objects_.size() > objects_.size()) return false;
  for (size_t id = earlier.objects_.size(); id-- > 1;)
    if (!sameObject(objects_[id], earlier.objects_[id])) return false;
  return true;
}

uint32_t Memory::findByAddress(uint64_t address) const {
  // Objects are created with increasing base addresses, so ids are sorted by base.
  auto it = std::upper_bound(objects_.begin() + 1, objects_.end(), address,
                             [](uint64_t a, const Object& o) { return a < o.base; });
  if (it == objects_.begin() + 1) return 0;
  --it;
  if (address < it->base + std::max<uint64_t>(it->size, 1)) return static_cast<uint32_t>(it - objects_.begin());
  return 0;
}

Access Memory::resolve(const Slot& pointer, uint64_t n, bool write, uint32_t& id, uint64_t& offset) const {
  id = pointer.prov;
  if (id == 0) {
    if (pointer.bits == 0) return Access::Null;
    id = findByAddress(pointer.bits);
    if (id == 0) return pointer.bits < kFirstAddress ? Access::Null : Access::Invalid;
  }
  const Object& o = objects_[id];
  if (o.kind == ObjectKind::Function) return Access::Invalid;
  if (!o.live) return o.kind == ObjectKind::Heap ? Access::Freed : Access::OutOfScope;
  offset = pointer.bits - o.base;  // wraps for pointers below the base: caught by the bounds check
  if (offset > o.size || n > o.size - offset) return Access::OutOfBounds;
  if (write && o.kind == ObjectKind::Constant) return Access::Constant;
  return Access::Ok;
}

uint32_t Memory::readProvenance(const Object& o, uint64_t offset, unsigned n) const {
  if (o.prov.empty()) return 0;
  uint32_t p = o.prov[offset];
  for (unsigned i = 1; i < n; ++i)
    if (o.prov[offset + i] != p) return 0;
  return p;
}

void Memory::writeScalar(Object& o, uint64_t offset, unsigned n, uint64_t v, uint32_t prov) {
  std::memcpy(o.data.data() + offset, &v, n);
  std::memset(o.init.data() + offset, 1, n);
  if (prov != 0 && o.prov.empty()) o.prov = ZeroedBuffer<uint32_t>(o.size);
  if (!o.prov.empty()) std::fill_n(o.prov.data() + offset, n, prov);
}

void Memory::copy(Object& dst, uint64_t dstOff, const Object& src, uint64_t srcOff, uint64_t n) {
  if (n == 0) return;
  std::memmove(dst.data.data() + dstOff, src.data.data() + srcOff, n);
  std::memmove(dst.init.data() + dstOff, src.init.data() + srcOff, n);
  if (!src.prov.empty()) {
    if (dst.prov.empty()) dst.prov = ZeroedBuffer<uint32_t>(dst.size);
    std::memmove(dst.prov.data() + dstOff, src.prov.data() + srcOff, n * sizeof(uint32_t));
  } else if (!dst.prov.empty()) {
    std::fill_n(dst.prov.data() + dstOff, n, 0);
  }
}

void Memory::fill(Object& o, uint64_t offset, uint64_t n, uint8_t byte) {
  std::memset(o.data.data() + offset, byte, n);
  std::memset(o.init.data() + offset, 1, n);
  if (!o.prov.empty()) std::fill_n(o.prov.data() + offset, n, 0);
}

}  // namespace atropos::interp
