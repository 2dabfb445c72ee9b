// Byte-precise memory of one execution: objects with identity, bounds, lifetime, initialization per byte and the
// provenance of pointers stored in them. Private to src/interp.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>
#include <vector>

#include "code.h"

namespace atropos::interp {

// A zero-filled array from calloc: large objects cost only the pages the program touches.
template <typename T>
class ZeroedBuffer {
 public:
  ZeroedBuffer() = default;
  explicit ZeroedBuffer(uint64_t n) : data_(n ? static_cast<T*>(std::calloc(n, sizeof(T))) : nullptr), size_(n) {
    if (n && !data_) throw std::bad_alloc();
  }
  ZeroedBuffer(const ZeroedBuffer& other) : ZeroedBuffer(other.size_) {
    if (size_) std::memcpy(data_, other.data_, size_ * sizeof(T));
  }
  ZeroedBuffer(ZeroedBuffer&& other) noexcept : data_(other.data_), size_(other.size_) {
    other.data_ = nullptr;
    other.size_ = 0;
  }
  ZeroedBuffer& operator=(ZeroedBuffer other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  ~ZeroedBuffer() { std::free(data_); }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](uint64_t i) { return data_[i]; }
  const T& operator[](uint64_t i) const { return data_[i]; }
  uint64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

 private:
  T* data_ = nullptr;
  uint64_t size_ = 0;
};

struct Object {
  uint64_t base = 0;
  uint64_t size = 0;
  ObjectKind kind = ObjectKind::Heap;
  bool live = true;       // false after free, after its function returned, or between lifetime end and start
  bool released = false;  // the storage is gone for good (free, return): only the identity remains
  uint32_t function = UINT32_MAX;
  const llvm::Instruction* site = nullptr;  // where a dynamic object was allocated
  ZeroedBuffer<uint8_t> data;
  ZeroedBuffer<uint8_t> init;   // 1 per initialized byte
  ZeroedBuffer<uint32_t> prov;  // per byte: provenance of a stored pointer; empty until a pointer is stored
};

enum class Access { Ok, Null, Invalid, OutOfBounds, Freed, OutOfScope, Constant };

class Memory {
 public:
  Memory(const Interpreter::Code& code, uint64_t limitBytes);

  // 0 when the address space or the byte limit is exhausted.
  uint32_t allocate(ObjectKind kind, uint64_t size, uint64_t align, const llvm::Instruction* site);
  void release(uint32_t id);  // ends the lifetime; the identity stays for later checks
  // A stack object's scope ends, or begins again with indeterminate contents (llvm.lifetime.end/start).
  void endScope(uint32_t id) { objects_[id].live = false; }
  void beginScope(uint32_t id);

  Object& object(uint32_t id) { return objects_[id]; }
  const Object& object(uint32_t id) const { return objects_[id]; }
  uint32_t objectCount() const { return static_cast<uint32_t>(objects_.size()); }
  // The object containing `address` (or ending at it, for empty objects); 0 if none.
  uint32_t findByAddress(uint64_t address) const;

  // Resolves an access of `n` bytes through `pointer`; on Ok sets id and offset.
  Access resolve(const Slot& pointer, uint64_t n, bool write, uint32_t& id, uint64_t& offset) const;

  // Reads n <= 8 bytes little-endian; reports whether all were initialized.
  uint64_t readScalar(const Object& o, uint64_t offset, unsigned n, bool& initialized) const {
    uint64_t v = 0;
    std::memcpy(&v, o.data.data() + offset, n);
    const uint8_t* in = o.init.data() + offset;
    initialized = true;
    for (unsigned i = 0; i < n; ++i) initialized &= in[i] != 0;
    return v;
  }
  uint32_t readProvenance(const Object& o, uint64_t offset, unsigned n) const;
  void writeScalar(Object& o, uint64_t offset, unsigned n, uint64_t v, uint32_t prov);
  // memmove semantics, with initialization and provenance.
  void copy(Object& dst, uint64_t dstOff, const Object& src, uint64_t srcOff, uint64_t n);
  void fill(Object& o, uint64_t offset, uint64_t n, uint8_t byte);

  uint64_t heapBytesLive() const { return heapLive_; }
  uint64_t bytesLive() const { return bytesLive_; }
  // The same live objects as `earlier` (identity, bounds, contents, initialization, provenance) and as many bytes
  // live: the objects made since `earlier` have all ended, and which objects ended and where the allocator stands do
  // not count. Nothing reads an ended object, and an object whose scope begins again is a new one, so from such a
  // state an execution goes on as from `earlier` (its new objects at other addresses, which a run that looks at them
  // notes as address-dependent), provided that its registers agree (EndedObjectMatch).
  // `mismatchHint`: the object to compare first; set to the one found different.
  bool sameLiveState(const Memory& earlier, uint32_t& mismatchHint) const;
  // Every object `earlier` has is here as it was there; objects created since then do not count.
  bool olderObjectsUnchanged(const Memory& earlier) const;
  bool overLimit() const { return overLimit_; }
  // A hash of the live objects (identity, bounds, contents, initialization, provenance). Objects whose lifetime
  // ended and the allocator's position are left out: states that differ only there (e.g. in how many calls with
  // local variables came before) would mostly behave alike.
  // The objects marked in `leftOut` (by id) are left out as well.
  uint64_t hash(const std::vector<bool>& leftOut) const;
  // Combines an object's initialized bytes, its initialization and the provenance of its bytes into `h`.
  uint64_t hashContents(uint64_t h, uint32_t id) const;

 private:
  std::vector<Object> objects_;  // index 0 is unused: id 0 means "no object"
  uint64_t nextAddress_;
  uint64_t addressLimit_;
  uint64_t limitBytes_;
  uint64_t bytesLive_ = 0;
  uint64_t heapLive_ = 0;
  bool overLimit_ = false;
};

// Whether the pointers of two states agree, ended objects matched one to one: a loop body's local is a new object
// every time its scope is entered again, so the pointer to it in a register names another ended object at each
// visit of the loop head. A pointer to a live object must be the same pointer; a pointer to an ended object
// corresponds to one at the same offset of an ended object of the same size, kind and origin, and each object is
// matched to one object only.
class EndedObjectMatch {
 public:
  EndedObjectMatch(const Memory& then, const Memory& now) : then_(then), now_(now) {}
  bool sameSlot(const Slot& then, const Slot& now);
  bool sameObject(uint32_t then, uint32_t now) {
    return sameSlot(Slot{then_.object(then).base, then, 0}, Slot{now_.object(now).base, now, 0});
  }

 private:
  const Memory& then_;
  const Memory& now_;
  std::vector<std::pair<uint32_t, uint32_t>> matched_;  // ended objects: (then, now)
};

}  // namespace atropos::interp
