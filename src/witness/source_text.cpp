#include "source_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace atropos::witness {

namespace {

bool identifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool oneOf(std::string_view s, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), s) != words.end();
}

// Keywords and qualifiers that begin a declaration.
bool declarationKeyword(std::string_view s) {
  return oneOf(s, {"void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool", "struct",
                   "union", "enum", "const", "volatile", "static", "extern", "register", "auto", "typedef", "inline",
                   "restrict", "_Complex", "__int128"});
}

// The punctuators of more than one character, longer ones first.
constexpr std::string_view kLongPunctuators[] = {"<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
                                                 "!=", "&&", "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##"};

bool identifierToken(std::string_view s) {
  return !s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_');
}

}  // namespace

SourceText::SourceText(const std::string& text) {
  unsigned line = 1, column = 1;
  size_t i = 0;
  const size_t n = text.size();
  bool lineStart = true;  // only blanks so far on this line
  auto advance = [&](size_t count) {
    for (size_t k = 0; k < count && i < n; ++k, ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
        lineStart = true;
      } else {
        ++column;
      }
    }
  };
  while (i < n) {
    const char c = text[i];
    if (c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      advance(1);
      continue;
    }
    if (c == '\\' && i + 1 < n && text[i + 1] == '\n') {
      advance(2);
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      while (i < n && text[i] != '\n') advance(1);
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      advance(2);
      while (i < n && !(text[i] == '*' && i + 1 < n && text[i + 1] == '/')) advance(1);
      advance(2);
      continue;
    }
    if (c == '#' && lineStart) {  // a directive or line marker, continued lines included
      while (i < n && text[i] != '\n') advance(text[i] == '\\' && i + 1 < n ? 2 : 1);
      continue;
    }
    lineStart = false;
    const Position at{line, column};
    size_t length = 1;
    if (identifierChar(c) || (c == '.' && i + 1 < n && std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
      while (i + length < n) {
        const char d = text[i + length];
        const bool exponentSign = (d == '+' || d == '-') && std::isdigit(static_cast<unsigned char>(c)) &&
                                  std::string_view("eEpP").find(text[i + length - 1]) != std::string_view::npos;
        if (!identifierChar(d) && !(d == '.' && std::isdigit(static_cast<unsigned char>(c))) && !exponentSign) break;
        ++length;
      }
    } else if (c == '"' || c == '\'') {
      while (i + length < n && text[i + length] != c && text[i + length] != '\n')
        length += text[i + length] == '\\' ? 2 : 1;
      length = std::min(length + 1, n - i);
    } else {
      // The longest punctuator: `==` is no `=`, `->` no `>`.
      for (std::string_view p : kLongPunctuators)
        if (std::string_view(text).substr(i, p.size()) == p) {
          length = p.size();
          break;
        }
    }
    tokens_.push_back({text.substr(i, length), at});
    advance(length);
  }

  match_.assign(tokens_.size(), kNone);
  parent_.assign(tokens_.size(), kNone);
  std::vector<size_t> open;
  for (size_t k = 0; k < tokens_.size(); ++k) {
    parent_[k] = open.empty() ? kNone : open.back();
    const std::string& t = tokens_[k].text;
    if (t == "(" || t == "[" || t == "{") {
      open.push_back(k);
    } else if (t == ")" || t == "]" || t == "}") {
      const char opener = t == ")" ? '(' : t == "]" ? '[' : '{';
      if (!open.empty() && tokens_[open.back()].text[0] == opener) {
        match_[k] = open.back();
        match_[open.back()] = k;
        open.pop_back();
        parent_[k] = open.empty() ? kNone : open.back();
      }
    }
  }
}

std::optional<size_t> SourceText::tokenAt(Position p) const {
  // The token that covers p, else the first one after it.
  auto after = std::upper_bound(tokens_.begin(), tokens_.end(), p, [](Position q, const Token& t) {
    return q.line < t.at.line || (q.line == t.at.line && q.column < t.at.column);
  });
  if (after != tokens_.begin()) {
    const Token& before = *(after - 1);
    if (before.at.line == p.line && p.column < before.at.column + before.text.size())
      return static_cast<size_t>(after - 1 - tokens_.begin());
  }
  if (after == tokens_.end()) return std::nullopt;
  return static_cast<size_t>(after - tokens_.begin());
}

bool SourceText::opensStatementHeader(size_t open) const {
  return is(open, "(") && open > 0 && oneOf(tokens_[open - 1].text, {"if", "while", "for", "switch"});
}

std::optional<Position> SourceText::closingParenthesisOfCall(Position callee) const {
  std::optional<size_t> i = tokenAt(callee);
  if (!i || !(tokens_[*i].at == callee) || !identifierToken(tokens_[*i].text) || !is(*i + 1, "(") ||
      match_[*i + 1] == kNone)
    return std::nullopt;
  return tokens_[match_[*i + 1]].at;
}

std::optional<Position> SourceText::loopKeyword(Position inside) const {
  std::optional<size_t> at = tokenAt(inside);
  if (!at) return std::nullopt;
  for (size_t i = *at + 1; i-- > 0;) {
    const std::string& word = tokens_[i].text;
    if ((word == "while" || word == "for") && is(i + 1, "(") && match_[i + 1] != kNone && match_[i + 1] >= *at) {
      // The `while` that ends a do loop belongs to its `do`.
      if (word == "while" && i > 0 && is(i - 1, "}") && match_[i - 1] != kNone && match_[i - 1] > 0 &&
          is(match_[i - 1] - 1, "do"))
        return tokens_[match_[i - 1] - 1].at;
      return tokens_[i].at;
    }
    if (word == "do" && is(i + 1, "{") && match_[i + 1] != kNone && match_[i + 1] >= *at) return tokens_[i].at;
  }
  // A loop whose condition is constant (`while (1)`, `for (;;)`) has its head at its body's start: the innermost
  // loop whose body holds the position.
  for (size_t i = *at + 1; i-- > 0;) {
    if ((tokens_[i].text != "while" && tokens_[i].text != "for") || !is(i + 1, "(") || match_[i + 1] == kNone)
      continue;
    const size_t body = match_[i + 1] + 1;
    if (is(body, "{") && match_[body] != kNone && body < *at && match_[body] > *at) return tokens_[i].at;
  }
  return std::nullopt;
}

size_t SourceText::expressionRoot(size_t i) const {
  if (match_[i] != kNone && match_[i] < i) i = match_[i];  // a closing bracket belongs with its opening one
  // Calls, subscripts and parentheses are parts of the expression around them; a statement's header, a block or an
  // initializer list is where the expression ends.
  for (size_t p = parent_[i]; p != kNone; p = parent_[p]) {
    if (is(p, "{") || opensStatementHeader(p)) break;
    i = p;
  }
  return i;
}

bool SourceText::ternaryColon(size_t colon, size_t stop) const {
  for (size_t j = colon; j-- > stop;) {
    if (match_[j] != kNone && match_[j] < j) {
      j = match_[j];
      continue;
    }
    if (is(j, "?")) return true;
  }
  return false;
}

size_t SourceText::statementBegin(size_t i) const {
  const size_t scopeOpen = parent_[i];
  const size_t floor = scopeOpen == kNone ? 0 : scopeOpen + 1;
  // Where the statement may begin at the latest: the token after a `;`, a block or a header at this depth.
  size_t j = i;
  size_t stopAt = floor;
  while (j > floor) {
    const size_t k = j - 1;
    const std::string& t = tokens_[k].text;
    if (t == ")" && match_[k] != kNone) {
      if (opensStatementHeader(match_[k])) {
        stopAt = j;
        break;
      }
      j = match_[k];
      continue;
    }
    if (t == "]" && match_[k] != kNone) {
      j = match_[k];
      continue;
    }
    if (t == ";" || t == "}" || t == "{" || oneOf(t, {"else", "do", "return"})) {
      stopAt = j;
      break;
    }
    j = k;
  }
  // Labels (`L:`, `case 1:`, `default:`) belong to no expression; a `?`'s `:` does.
  for (size_t k = i; k > stopAt;) {
    --k;
    if (match_[k] != kNone && match_[k] < k) {
      k = match_[k];
      continue;
    }
    if (is(k, ":") && !ternaryColon(k, stopAt)) return k + 1;
  }
  return stopAt;
}

bool SourceText::looksLikeDeclaration(size_t begin, size_t scope) const {
  // Conditions and `return` operands hold no declarations; of a for header, only the first clause may.
  if (scope != kNone && is(scope, "(") && !(scope > 0 && is(scope - 1, "for") && begin == scope + 1)) return false;
  if (begin > 0 && is(begin - 1, "return")) return false;
  size_t k = begin;
  while (k < tokens_.size()) {
    if (is(k, "__extension__")) {
      ++k;
    } else if ((is(k, "__attribute__") || is(k, "__declspec")) && is(k + 1, "(") && match_[k + 1] != kNone) {
      k = match_[k + 1] + 1;
    } else {
      break;
    }
  }
  if (k >= tokens_.size()) return false;
  if (declarationKeyword(tokens_[k].text)) return true;
  if (!identifierToken(tokens_[k].text)) return false;
  // A typedef name then a declarator: `size_t n`, `T **p`, `T *const p`.
  size_t d = k + 1;
  bool pointer = false;
  while (d < tokens_.size() && (is(d, "*") || oneOf(tokens_[d].text, {"const", "volatile", "restrict"}))) {
    pointer = pointer || is(d, "*");
    ++d;
  }
  return d < tokens_.size() && identifierToken(tokens_[d].text) && (pointer || d == k + 1);
}

size_t SourceText::lastAtDepth(size_t from, size_t to, const char* text) const {
  for (size_t k = from; k > to;) {
    --k;
    if (match_[k] != kNone && match_[k] < k) {
      k = match_[k];
      continue;
    }
    if (is(k, text)) return k;
  }
  return kNone;
}

std::optional<Position> SourceText::fullExpressionStart(Position inside) const {
  std::optional<size_t> i = tokenAt(inside);
  if (!i) return std::nullopt;
  const size_t root = expressionRoot(*i);
  const size_t statement = statementBegin(root);
  const size_t scope = parent_[root];
  const bool initializerList = scope != kNone && is(scope, "{") && scope > 0 && is(scope - 1, "=");
  if (!initializerList && !looksLikeDeclaration(statement, scope)) return tokens_[statement].at;
  // Each declarator's initializer, and each element of an initializer list, is a full expression of its own (a
  // comma operator's operands are not: that `,` is in no declaration). Without `=`, the element is the declarator.
  const size_t comma = lastAtDepth(root, statement, ",");
  const size_t element = comma == kNone ? statement : comma + 1;
  const size_t assignment = lastAtDepth(root, element, "=");
  return tokens_[assignment == kNone ? element : assignment + 1].at;
}

}  // namespace atropos::witness
