#include "its/smtlib.h"

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <vector>

#include "common/text.h"
#include "smt/failure.h"
#include "smt/term.h"

namespace atropos::its {

namespace {

struct SExpr {
  std::string atom;  // empty for a list
  std::vector<SExpr> list;
  bool isAtom() const { return !atom.empty(); }
  bool is(const char* symbol) const { return atom == symbol; }
  bool headIs(const char* symbol) const { return !isAtom() && !list.empty() && list[0].is(symbol); }
};

struct ParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Parser {
 public:
  explicit Parser(const std::string& text) : text_(text) {}

  std::vector<SExpr> all() {
    std::vector<SExpr> result;
    while (skipSpace()) result.push_back(next());
    return result;
  }

 private:
  bool skipSpace() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == ';') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        ++pos_;
      } else {
        return true;
      }
    }
    return false;
  }

  SExpr next() {
    if (!skipSpace()) throw ParseError("unexpected end of input");
    char c = text_[pos_];
    if (c == '(') {
      // The reader and the conversion recurse on nesting: a file nested deeper would overflow the stack.
      if (++depth_ > kMaxDepth) throw ParseError("nested deeper than " + std::to_string(kMaxDepth) + " parentheses");
      ++pos_;
      SExpr list;
      while (true) {
        if (!skipSpace()) throw ParseError("missing ')'");
        if (text_[pos_] == ')') {
          ++pos_;
          --depth_;
          return list;
        }
        list.list.push_back(next());
      }
    }
    if (c == ')') throw ParseError("unexpected ')'");
    SExpr atom;
    if (c == '|') {
      size_t end = text_.find('|', pos_ + 1);
      if (end == std::string::npos) throw ParseError("unterminated |symbol|");
      atom.atom = text_.substr(pos_ + 1, end - pos_ - 1);
      if (atom.atom.empty()) atom.atom = "||";
      pos_ = end + 1;
      return atom;
    }
    size_t start = pos_;
    while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_])) && text_[pos_] != '(' &&
           text_[pos_] != ')' && text_[pos_] != ';')
      ++pos_;
    atom.atom = text_.substr(start, pos_ - start);
    return atom;
  }

  // Five times the deepest file of the Termination Competition's ITSs (362).
  static constexpr unsigned kMaxDepth = 2000;
  const std::string& text_;
  size_t pos_ = 0;
  unsigned depth_ = 0;
};

// Formulas and terms of a relation, with the pre-state, post-state and bound variables in scope.
class Converter {
 public:
  explicit Converter(z3::context& context) : context_(context) {}

  void bind(const std::string& name, const smt::Term& value) { scopes_.back().insert_or_assign(name, value); }

  smt::Term convert(const SExpr& e) {
    if (e.isAtom()) return atom(e.atom);
    if (e.list.empty() || !e.list[0].isAtom()) throw ParseError("malformed term");
    const std::string& op = e.list[0].atom;
    auto argument = [&](size_t k) { return convert(e.list.at(k)); };
    // Terms are integers or Booleans; z3++ does not check the sorts of its operators' arguments in release builds.
    auto integer = [&](size_t k) {
      smt::Term t = argument(k);
      if (!t.is_int()) throw ParseError("'" + op + "' takes integers");
      return t;
    };
    auto boolean = [&](size_t k) {
      smt::Term t = argument(k);
      if (!t.is_bool()) throw ParseError("'" + op + "' takes Booleans");
      return t;
    };
    auto sameSort = [&](const smt::Term& a, const smt::Term& b) {
      if (!z3::eq(a.get_sort(), b.get_sort())) throw ParseError("'" + op + "' takes arguments of one sort");
    };
    size_t n = e.list.size() - 1;
    auto fold = [&](auto combine) {
      if (n == 0) throw ParseError("'" + op + "' without arguments");
      smt::Term result = integer(1);
      for (size_t k = 2; k <= n; ++k) result = combine(result, integer(k));
      return result;
    };
    if (op == "and") {
      z3::expr_vector parts(context_);
      for (size_t k = 1; k <= n; ++k) parts.push_back(boolean(k));
      return z3::mk_and(parts);
    }
    if (op == "or") {
      z3::expr_vector parts(context_);
      for (size_t k = 1; k <= n; ++k) parts.push_back(boolean(k));
      return z3::mk_or(parts);
    }
    if (op == "not" && n == 1) return !boolean(1);
    if (op == "=>" && n == 2) return z3::implies(boolean(1), boolean(2));
    if (op == "ite" && n == 3) {
      smt::Term condition = boolean(1), then = argument(2), otherwise = argument(3);
      sameSort(then, otherwise);
      return z3::ite(condition, then, otherwise);
    }
    if (op == "=" || op == "<=" || op == "<" || op == ">=" || op == ">") {
      if (n < 2) throw ParseError("'" + op + "' needs two arguments");
      z3::expr_vector chain(context_);
      for (size_t k = 1; k < n; ++k) {
        smt::Term a = op == "=" ? argument(k) : integer(k), b = op == "=" ? argument(k + 1) : integer(k + 1);
        sameSort(a, b);
        if (op == "=") chain.push_back(a == b);
        if (op == "<=") chain.push_back(a <= b);
        if (op == "<") chain.push_back(a < b);
        if (op == ">=") chain.push_back(a >= b);
        if (op == ">") chain.push_back(a > b);
      }
      return z3::mk_and(chain);
    }
    if (op == "distinct") {
      z3::expr_vector args(context_);
      for (size_t k = 1; k <= n; ++k) {
        args.push_back(argument(k));
        sameSort(args[0], args[static_cast<int>(k - 1)]);
      }
      return z3::distinct(args);
    }
    if (op == "+") return fold([](const smt::Term& a, const smt::Term& b) { return a + b; });
    if (op == "*") return fold([](const smt::Term& a, const smt::Term& b) { return a * b; });
    if (op == "-") {
      if (n == 1) return -integer(1);
      return fold([](const smt::Term& a, const smt::Term& b) { return a - b; });
    }
    if (op == "div" && n == 2) return z3::to_expr(context_, Z3_mk_div(context_, integer(1), integer(2)));
    if (op == "mod" && n == 2) return z3::mod(integer(1), integer(2));
    if (op == "abs" && n == 1) return z3::abs(integer(1));
    if (op == "exists" || op == "forall") {
      if (n != 2 || e.list[1].isAtom()) throw ParseError("malformed quantifier");
      if (op == "forall") throw ParseError("universal quantifiers are not supported");
      scopes_.emplace_back();
      for (const SExpr& declaration : e.list[1].list) {
        if (declaration.list.size() != 2 || !declaration.list[0].isAtom()) throw ParseError("malformed binding");
        // Every bound variable becomes a distinct constant: a temporary of the transition.
        bind(declaration.list[0].atom,
             context_.int_const((numbered("_t", fresh_++) + "_" + declaration.list[0].atom).c_str()));
      }
      smt::Term body = argument(2);
      scopes_.pop_back();
      return body;
    }
    if (op == "let") {
      if (n != 2 || e.list[1].isAtom()) throw ParseError("malformed let");
      std::map<std::string, smt::Term> values;
      for (const SExpr& binding : e.list[1].list) {
        if (binding.list.size() != 2 || !binding.list[0].isAtom()) throw ParseError("malformed let binding");
        values.emplace(binding.list[0].atom, convert(binding.list[1]));
      }
      scopes_.emplace_back(values);
      smt::Term body = argument(2);
      scopes_.pop_back();
      return body;
    }
    throw ParseError("unsupported operator '" + op + "'");
  }

 private:
  smt::Term atom(const std::string& a) {
    if (a == "true") return context_.bool_val(true);
    if (a == "false") return context_.bool_val(false);
    bool negative = a.size() > 1 && a[0] == '-';
    if (std::isdigit(static_cast<unsigned char>(a[negative ? 1 : 0]))) {
      if (a.find_first_not_of("0123456789", negative ? 1 : 0) != std::string::npos)
        throw ParseError("malformed number '" + a + "'");
      return context_.int_val(a.c_str());
    }
    for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope) {
      auto it = scope->find(a);
      if (it != scope->end()) return it->second;
    }
    throw ParseError("unknown symbol '" + a + "'");
  }

  z3::context& context_;
  std::vector<std::map<std::string, smt::Term>> scopes_{{}};
  unsigned fresh_ = 0;
};

void flattenConjunction(const smt::Term& e, std::vector<smt::Term>& out) {
  if (e.is_and()) {
    for (unsigned k = 0; k < e.num_args(); ++k) flattenConjunction(e.arg(k), out);
  } else if (!e.is_true()) {
    out.push_back(e);
  }
}

bool mentionsAny(const smt::Term& e, const std::set<unsigned>& ids) {
  if (isSymbol(e)) return ids.count(e.id()) > 0;
  if (!e.is_app()) return false;
  for (unsigned k = 0; k < e.num_args(); ++k)
    if (mentionsAny(e.arg(k), ids)) return true;
  return false;
}

// The relation over (pre, post) as guard and update: post variables defined by an equation become their
// definition; the others become temporaries named after them.
Transition fromRelation(const smt::Term& relation, const std::vector<smt::Term>& post, z3::context& context) {
  std::vector<smt::Term> conjuncts;
  flattenConjunction(relation, conjuncts);
  std::set<unsigned> undefined;
  for (const smt::Term& p : post) undefined.insert(p.id());
  std::vector<std::optional<smt::Term>> definition(post.size());
  std::vector<bool> used(conjuncts.size(), false);
  bool progress = true;
  while (progress) {
    progress = false;
    for (size_t c = 0; c < conjuncts.size(); ++c) {
      if (used[c]) continue;
      const smt::Term& e = conjuncts[c];
      if (!e.is_app() || e.decl().decl_kind() != Z3_OP_EQ || !e.arg(0).is_int()) continue;
      for (size_t p = 0; p < post.size(); ++p) {
        if (definition[p]) continue;
        for (unsigned side = 0; side < 2; ++side) {
          if (!z3::eq(e.arg(side), post[p])) continue;
          smt::Term value = e.arg(1 - side);
          if (mentionsAny(value, undefined)) continue;
          definition[p] = value;
          undefined.erase(post[p].id());
          used[c] = true;
          progress = true;
          break;
        }
        if (used[c]) break;
      }
    }
    // Definitions may mention post variables defined later: substitute what is known.
    if (progress) {
      z3::expr_vector from(context), to(context);
      for (size_t p = 0; p < post.size(); ++p)
        if (definition[p]) {
          from.push_back(post[p]);
          to.push_back(*definition[p]);
        }
      for (size_t c = 0; c < conjuncts.size(); ++c)
        if (!used[c]) conjuncts[c] = conjuncts[c].substitute(from, to);
      for (auto& d : definition)
        if (d) d = d->substitute(from, to);
    }
  }
  z3::expr_vector from(context), to(context);
  Transition t{0, 0, context.bool_val(true), {}, {}};
  for (size_t p = 0; p < post.size(); ++p) {
    smt::Term value = definition[p] ? *definition[p]
                                    : context.int_const(std::string("_").append(post[p].decl().name().str()).c_str());
    from.push_back(post[p]);
    to.push_back(value);
    t.update.push_back(value);
  }
  // A definition may still name a post variable that became a temporary.
  for (smt::Term& u : t.update) u = u.substitute(from, to);
  z3::expr_vector guard(context);
  for (size_t c = 0; c < conjuncts.size(); ++c)
    if (!used[c]) guard.push_back(conjuncts[c].substitute(from, to));
  t.guard = z3::mk_and(guard);
  return t;
}

struct Signature {
  std::vector<std::string> pre, post;
  std::string prePc, postPc;
};

// (define-fun next_main ((pc Loc) (x Int) ... (pc1 Loc) (x' Int) ...) Bool body)
Signature signatureOf(const SExpr& parameters) {
  Signature s;
  int locs = 0;
  for (const SExpr& p : parameters.list) {
    if (p.list.size() != 2 || !p.list[0].isAtom() || !p.list[1].isAtom()) throw ParseError("malformed parameter");
    if (p.list[1].is("Loc")) {
      (locs++ == 0 ? s.prePc : s.postPc) = p.list[0].atom;
    } else {
      (locs <= 1 ? s.pre : s.post).push_back(p.list[0].atom);
    }
  }
  if (locs != 2 || s.pre.size() != s.post.size()) throw ParseError("next_main must have pre and post parameters");
  return s;
}

std::string quoted(const std::string& name) { return "|" + name + "|"; }

// A term or formula in SMT-LIB syntax (Z3's own printer adds let-bindings and annotations).
void print(std::ostream& out, const smt::Term& e) {
  if (e.is_numeral()) {
    std::string digits = e.get_decimal_string(0);
    if (digits[0] == '-')
      out << "(- " << digits.substr(1) << ")";
    else
      out << digits;
    return;
  }
  if (e.is_true() || e.is_false()) {
    out << (e.is_true() ? "true" : "false");
    return;
  }
  if (isSymbol(e)) {
    out << quoted(e.decl().name().str());
    return;
  }
  const char* op = nullptr;
  switch (e.decl().decl_kind()) {
    case Z3_OP_AND:
      op = "and";
      break;
    case Z3_OP_OR:
      op = "or";
      break;
    case Z3_OP_NOT:
      op = "not";
      break;
    case Z3_OP_IMPLIES:
      op = "=>";
      break;
    case Z3_OP_EQ:
      op = "=";
      break;
    case Z3_OP_DISTINCT:
      op = "distinct";
      break;
    case Z3_OP_ITE:
      op = "ite";
      break;
    case Z3_OP_LE:
      op = "<=";
      break;
    case Z3_OP_LT:
      op = "<";
      break;
    case Z3_OP_GE:
      op = ">=";
      break;
    case Z3_OP_GT:
      op = ">";
      break;
    case Z3_OP_ADD:
      op = "+";
      break;
    case Z3_OP_SUB:
      op = "-";
      break;
    case Z3_OP_UMINUS:
      op = "-";
      break;
    case Z3_OP_MUL:
      op = "*";
      break;
    case Z3_OP_IDIV:
      op = "div";
      break;
    case Z3_OP_MOD:
      op = "mod";
      break;
    default:
      throw std::invalid_argument("cannot write '" + e.to_string() + "' in SMT-LIB form");
  }
  if (e.num_args() == 0) {
    out << (std::string(op) == "and" ? "true" : "false");
    return;
  }
  out << "(" << op;
  for (unsigned k = 0; k < e.num_args(); ++k) {
    out << " ";
    print(out, e.arg(k));
  }
  out << ")";
}

}  // namespace

ReadResult readSmtLib(const std::string& text, z3::context& context, const Deadline& deadline) {
  ReadResult result;
  try {
    // A term Z3 cannot sort is an error of the input.
    const std::optional<smt::SolverFailure> illTyped = smt::attempt([&] {
      std::vector<SExpr> commands = Parser(text).all();
      Its its(context);
      std::map<std::string, LocationId> locations;
      const SExpr* init = nullptr;
      const SExpr* next = nullptr;
      for (const SExpr& c : commands) {
        if (c.headIs("declare-const") && c.list.size() == 3 && c.list[2].is("Loc"))
          locations.emplace(c.list[1].atom, its.addLocation(c.list[1].atom));
        if (c.headIs("define-fun") && c.list.size() == 5) {
          if (c.list[1].is("init_main")) init = &c;
          if (c.list[1].is("next_main")) next = &c;
        }
      }
      if (!init || !next) throw ParseError("init_main or next_main is missing");
      auto location = [&](const SExpr& e) {
        auto it = locations.find(e.atom);
        if (it == locations.end()) throw ParseError("unknown location '" + e.atom + "'");
        return it->second;
      };
      const SExpr& initBody = init->list[4];
      if (!initBody.headIs("cfg_init") || initBody.list.size() != 4) throw ParseError("init_main is not a cfg_init");
      its.start = location(initBody.list[2]);
      if (!initBody.list[3].is("true")) result.overApproximated = true;

      Signature signature = signatureOf(next->list[2]);
      Converter converter(context);
      std::vector<smt::Term> post;
      for (size_t k = 0; k < signature.pre.size(); ++k) {
        its.variables.push_back(context.int_const(signature.pre[k].c_str()));
        post.push_back(context.int_const((signature.post[k] + "'").c_str()));
        converter.bind(signature.pre[k], its.variables.back());
        converter.bind(signature.post[k], post.back());
      }
      const SExpr& body = next->list[4];
      std::vector<const SExpr*> alternatives;
      if (body.headIs("or")) {
        for (size_t k = 1; k < body.list.size(); ++k) alternatives.push_back(&body.list[k]);
      } else {
        alternatives.push_back(&body);
      }
      for (const SExpr* alternative : alternatives) {
        if (deadline.expired()) throw ParseError("the time ran out while reading the transitions");
        if (alternative->headIs("cfg_trans3"))
          throw ParseError("call and return transitions (cfg_trans3) are not supported");
        if (!alternative->headIs("cfg_trans2") || alternative->list.size() != 6)
          throw ParseError("a transition is not a cfg_trans2");
        Transition t = fromRelation(converter.convert(alternative->list[5]), post, context);
        t.from = location(alternative->list[2]);
        t.to = location(alternative->list[4]);
        t.origin = alternative->list[2].atom + " -> " + alternative->list[4].atom;
        its.transitions.push_back(std::move(t));
      }
      result.its = std::move(its);
    });
    if (illTyped) result.error = "ill-typed term: " + illTyped->message;
  } catch (const ParseError& e) {
    result.error = e.what();
  }
  return result;
}

void writeSmtLib(std::ostream& out, const Its& its) {
  z3::context& context = *its.context;
  // A system whose runs may start anywhere gets a start location of its own, with a transition to every location.
  std::vector<std::string> locations = its.locations;
  std::string start = its.locations.empty() ? "start" : its.locations.at(its.start);
  if (its.everyLocationStarts) {
    start = "start";
    while (std::find(locations.begin(), locations.end(), start) != locations.end()) start += "_";
    locations.push_back(start);
  }
  out << "(declare-sort Loc 0)\n";
  for (const std::string& l : locations) out << "(declare-const " << quoted(l) << " Loc)\n";
  if (locations.size() > 1) {
    out << "(assert (distinct";
    for (const std::string& l : locations) out << " " << quoted(l);
    out << "))\n";
  }
  out << "\n(define-fun cfg_init ( (pc Loc) (src Loc) (rel Bool) ) Bool\n  (and (= pc src) rel))\n"
      << "(define-fun cfg_trans2 ( (pc Loc) (src Loc) (pc1 Loc) (dst Loc) (rel Bool) ) Bool\n"
      << "  (and (= pc src) (= pc1 dst) rel))\n\n";
  std::vector<std::string> pre, post;
  for (const smt::Term& v : its.variables) {
    pre.push_back(v.decl().name().str());
    post.push_back(v.decl().name().str() + "'");
  }
  out << "(define-fun init_main ( (pc Loc)";
  for (const std::string& v : pre) out << " (" << quoted(v) << " Int)";
  out << " ) Bool\n  (cfg_init pc " << quoted(start) << " true))\n\n";
  out << "(define-fun next_main ( (pc Loc)";
  for (const std::string& v : pre) out << " (" << quoted(v) << " Int)";
  out << " (pc1 Loc)";
  for (const std::string& v : post) out << " (" << quoted(v) << " Int)";
  out << " ) Bool\n  (or\n";
  if (its.everyLocationStarts)
    for (const std::string& l : its.locations)
      out << "    (cfg_trans2 pc " << quoted(start) << " pc1 " << quoted(l) << " true)\n";
  std::set<unsigned> variableIds;
  for (const smt::Term& v : its.variables) variableIds.insert(v.id());
  for (const Transition& t : its.transitions) {
    z3::expr_vector parts(context);
    parts.push_back(t.guard);
    for (size_t k = 0; k < its.variables.size(); ++k)
      parts.push_back(context.int_const(post[k].c_str()) == t.update[k]);
    smt::Term relation = z3::mk_and(parts);
    // Temporaries: every constant that is neither a variable nor a post variable.
    std::set<unsigned> seen;
    std::vector<std::string> temporaries;
    std::function<void(const smt::Term&)> collect = [&](const smt::Term& e) {
      if (isSymbol(e)) {
        if (!variableIds.count(e.id()) && seen.insert(e.id()).second) temporaries.push_back(e.decl().name().str());
        return;
      }
      if (e.is_app())
        for (unsigned k = 0; k < e.num_args(); ++k) collect(e.arg(k));
    };
    collect(t.guard);
    for (const smt::Term& u : t.update) collect(u);
    out << "    (cfg_trans2 pc " << quoted(its.locations.at(t.from)) << " pc1 " << quoted(its.locations.at(t.to))
        << " ";
    if (!temporaries.empty()) {
      out << "(exists (";
      for (const std::string& name : temporaries) out << " (" << quoted(name) << " Int)";
      out << " ) ";
    }
    print(out, relation);
    if (!temporaries.empty()) out << ")";
    out << ")\n";
  }
  out << "  )\n)\n";
}

}  // namespace atropos::its
