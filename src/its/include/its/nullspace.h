// Exact linear algebra for invariant discovery: the linear relations among the columns of an integer matrix.
//
// A loop's algebraic invariants of bounded degree are the linear relations among the values its monomials take
// at the loop head (Sharma et al., "A data driven approach for algebraic loop invariants", ESOP 2013): with a
// row per sampled state and a column per monomial, every invariant's coefficient vector lies in the matrix's null
// space. Samples suggest, proofs decide: a relation found here is a candidate to be checked inductive.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace atropos::its {

// A basis of the rational vectors x with `rows` x = 0 (each row has `columns` entries), every vector scaled to
// coprime integers with its first non-zero entry positive. nullopt when an intermediate value of the elimination
// does not fit in 127 bits or a basis vector does not fit in 64.
std::optional<std::vector<std::vector<int64_t>>> integerNullSpace(const std::vector<std::vector<int64_t>>& rows,
                                                                  size_t columns);

}  // namespace atropos::its
