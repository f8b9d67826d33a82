package dev.modelsphere.swiss.values;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The finite floats Go's {@code strconv.ParseFloat} reads: decimal ({@code 1.5}, {@code .5}, {@code
 * 1e3}) and hexadecimal with a binary exponent ({@code 0x1p-2}), with {@code _} between digits
 * ({@code 1_000}). The reference's {@code --set} reads numbers this way, so the same flag must give
 * the same value, and the same plan hash, here.
 */
final class GoFloatLiteral {
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");
  // Double.parseDouble alone would also take a trailing f or d and surrounding blanks, which Go
  // refuses; both grammars demand the p exponent of a hex float.
  private static final Pattern HEXADECIMAL =
      Pattern.compile("[+-]?0[xX]([0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+)[pP][+-]?[0-9]+");

  private GoFloatLiteral() {}

  /**
   * The value of {@code text} when Go parses it as a finite float64. Empty for anything else,
   * including {@code inf} and {@code NaN}, which Go accepts but JSON cannot carry, and numbers too
   * large for a float64, which Go refuses with a range error.
   */
  static Optional<Double> parse(String text) {
    if (!underscoresSeparateDigits(text)) {
      return Optional.empty();
    }
    String digits = text.replace("_", "");
    if (!DECIMAL.matcher(digits).matches() && !HEXADECIMAL.matcher(digits).matches()) {
      return Optional.empty();
    }
    double value = Double.parseDouble(digits);
    return Double.isFinite(value) ? Optional.of(value) : Optional.empty();
  }

  /**
   * Go's rule for {@code _}: each one sits between two digits, or between the {@code 0x} prefix and
   * a digit. {@code 1__0}, {@code _1}, {@code 1_} and {@code 1_.5} break it.
   */
  private static boolean underscoresSeparateDigits(String text) {
    String s = text.startsWith("+") || text.startsWith("-") ? text.substring(1) : text;
    boolean hex =
        s.length() >= 2 && s.charAt(0) == '0' && (s.charAt(1) == 'x' || s.charAt(1) == 'X');
    char last = hex ? '0' : '^';
    for (int i = hex ? 2 : 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (isDigit(c, hex)) {
        last = '0';
      } else if (c == '_') {
        if (last != '0') {
          return false;
        }
        last = '_';
      } else if (last == '_') {
        return false;
      } else {
        last = '!';
      }
    }
    return last != '_';
  }

  private static boolean isDigit(char c, boolean hex) {
    return c >= '0' && c <= '9' || hex && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F');
  }
}
