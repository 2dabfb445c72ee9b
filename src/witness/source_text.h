// The tokens of a C source file, enough to place a witness's locations where the witness formats ask for them
// (debug information names an operator or a callee, a witness the start of a full expression or a closing `)`).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace atropos::witness {

// A position in the file: line and column from 1, columns counted in bytes as clang counts them.
struct Position {
  unsigned line = 0;
  unsigned column = 0;
  friend bool operator==(const Position&, const Position&) = default;
};

class SourceText {
 public:
  // Comments, preprocessor lines and literals are skipped or kept whole, so nothing inside them is read as code.
  explicit SourceText(const std::string& text);

  // The `)` that closes the arguments of the call whose callee starts at `callee`; nullopt when no call starts there
  // (e.g. a macro that expands to one).
  std::optional<Position> closingParenthesisOfCall(Position callee) const;
  // The first character of the full expression (C11 6.8: an expression that is not part of another, such as an
  // expression statement, a condition, a `return` operand or an initializer) that contains `inside`; nullopt when
  // no token is there.
  std::optional<Position> fullExpressionStart(Position inside) const;
  // The `for`, `while` or `do` keyword of the innermost loop whose header (or, for a do loop, whose body) contains
  // `inside`, else of the innermost loop whose body does (a constant condition puts the head there): where a loop
  // head is, for the witness formats. nullopt when no loop statement has it (a goto loop).
  std::optional<Position> loopKeyword(Position inside) const;

 private:
  struct Token {
    std::string text;
    Position at;
  };
  static constexpr size_t kNone = static_cast<size_t>(-1);

  std::optional<size_t> tokenAt(Position p) const;
  bool is(size_t i, const char* text) const { return i < tokens_.size() && tokens_[i].text == text; }
  // Whether the `(` at `open` begins the header of an if, while, for or switch.
  bool opensStatementHeader(size_t open) const;
  // The outermost token of the expression around `i` inside the innermost bracket that is not part of an expression.
  size_t expressionRoot(size_t i) const;
  // The index of the first token of the statement that contains `i`, walking back from it at its own bracket depth.
  size_t statementBegin(size_t i) const;
  bool ternaryColon(size_t colon, size_t stop) const;
  // Whether the statement that begins at `begin`, inside the bracket `scope`, declares variables.
  bool looksLikeDeclaration(size_t begin, size_t scope) const;
  // The last token `text` before `from` and after `to` at the depth of `from` (groups skipped); kNone if none.
  size_t lastAtDepth(size_t from, size_t to, const char* text) const;

  std::vector<Token> tokens_;
  std::vector<size_t> match_;   // the bracket that closes or opens each bracket, kNone for the others
  std::vector<size_t> parent_;  // the innermost open bracket around each token, kNone at file scope
};

}  // namespace atropos::witness
