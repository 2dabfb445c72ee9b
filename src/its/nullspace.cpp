#include "its/nullspace.h"

#include <cstdlib>
#include <limits>
#include <numeric>

namespace atropos::its {

namespace {

using Wide = __int128;

struct Overflow {};

Wide subtract(Wide a, Wide b);

Wide absolute(Wide v) { return v < 0 ? subtract(0, v) : v; }

Wide gcd(Wide a, Wide b) {
  a = absolute(a);
  b = absolute(b);
  while (b != 0) {
    Wide r = a % b;
    a = b;
    b = r;
  }
  return a;
}

Wide multiply(Wide a, Wide b) {
  Wide r;
  if (__builtin_mul_overflow(a, b, &r)) throw Overflow{};
  return r;
}

Wide subtract(Wide a, Wide b) {
  Wide r;
  if (__builtin_sub_overflow(a, b, &r)) throw Overflow{};
  return r;
}

// A rational number in lowest terms with a positive denominator.
struct Fraction {
  Wide numerator = 0;
  Wide denominator = 1;

  static Fraction of(Wide n, Wide d) {
    if (d < 0) {
      n = subtract(0, n);
      d = subtract(0, d);
    }
    Wide g = gcd(n, d);
    if (g > 1) {
      n /= g;
      d /= g;
    }
    return Fraction{n, d};
  }
  bool zero() const { return numerator == 0; }
};

Fraction operator-(const Fraction& a, const Fraction& b) {
  Wide g = gcd(a.denominator, b.denominator);
  Wide da = a.denominator / g, db = b.denominator / g;
  return Fraction::of(subtract(multiply(a.numerator, db), multiply(b.numerator, da)), multiply(a.denominator, db));
}

Fraction operator*(const Fraction& a, const Fraction& b) {
  Wide g1 = gcd(a.numerator, b.denominator), g2 = gcd(b.numerator, a.denominator);
  if (g1 == 0) g1 = 1;
  if (g2 == 0) g2 = 1;
  return Fraction::of(multiply(a.numerator / g1, b.numerator / g2), multiply(a.denominator / g2, b.denominator / g1));
}

Fraction operator/(const Fraction& a, const Fraction& b) { return a * Fraction::of(b.denominator, b.numerator); }

}  // namespace

std::optional<std::vector<std::vector<int64_t>>> integerNullSpace(const std::vector<std::vector<int64_t>>& rows,
                                                                  size_t columns) {
  try {
    std::vector<std::vector<Fraction>> m;
    m.reserve(rows.size());
    for (const auto& row : rows) {
      std::vector<Fraction> r(columns);
      for (size_t c = 0; c < columns && c < row.size(); ++c) r[c] = Fraction{row[c], 1};
      m.push_back(std::move(r));
    }
    // Reduced row echelon form.
    std::vector<size_t> pivotColumn;
    size_t rank = 0;
    for (size_t c = 0; c < columns && rank < m.size(); ++c) {
      size_t pivot = rank;
      while (pivot < m.size() && m[pivot][c].zero()) ++pivot;
      if (pivot == m.size()) continue;
      std::swap(m[rank], m[pivot]);
      const Fraction lead = m[rank][c];
      for (size_t k = c; k < columns; ++k) m[rank][k] = m[rank][k] / lead;
      for (size_t r = 0; r < m.size(); ++r) {
        if (r == rank || m[r][c].zero()) continue;
        const Fraction factor = m[r][c];
        for (size_t k = c; k < columns; ++k)
          if (!m[rank][k].zero()) m[r][k] = m[r][k] - factor * m[rank][k];
      }
      pivotColumn.push_back(c);
      ++rank;
    }
    // One basis vector per free column: the free variable 1, the others 0, the pivots solved for.
    std::vector<bool> isPivot(columns, false);
    for (size_t c : pivotColumn) isPivot[c] = true;
    std::vector<std::vector<int64_t>> basis;
    for (size_t free = 0; free < columns; ++free) {
      if (isPivot[free]) continue;
      std::vector<Fraction> v(columns);
      v[free] = Fraction{1, 1};
      for (size_t r = 0; r < rank; ++r) v[pivotColumn[r]] = Fraction{0, 1} - m[r][free];
      Wide scale = 1;
      for (const Fraction& f : v) scale = multiply(scale / gcd(scale, f.denominator), f.denominator);
      std::vector<Wide> scaled(columns);
      Wide common = 0;
      for (size_t c = 0; c < columns; ++c) {
        scaled[c] = multiply(v[c].numerator, scale / v[c].denominator);
        common = gcd(common, scaled[c]);
      }
      std::vector<int64_t> out(columns);
      bool negate = false;
      for (size_t c = 0; c < columns; ++c)
        if (scaled[c] != 0) {
          negate = scaled[c] < 0;
          break;
        }
      for (size_t c = 0; c < columns; ++c) {
        Wide value = scaled[c] / common * (negate ? -1 : 1);
        if (value > std::numeric_limits<int64_t>::max() || value < std::numeric_limits<int64_t>::min())
          return std::nullopt;
        out[c] = static_cast<int64_t>(value);
      }
      basis.push_back(std::move(out));
    }
    return basis;
  } catch (const Overflow&) {
    return std::nullopt;
  }
}

}  // namespace atropos::its
