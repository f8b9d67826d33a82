package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Comparator;

/**
 * How the reference's Go libraries write what swiss writes too: map keys in Go's order, and floats
 * as encoding/json and yaml.v3 write them. Plans are hashed over JSON text and compared with plans
 * written by the Go tools, so these must agree to the byte.
 */
public final class GoFormat {
  /** Go's order for map keys: by UTF-8 bytes, which is the order of Unicode code points. */
  public static final Comparator<String> KEY_ORDER = GoFormat::compareCodePoints;

  private GoFormat() {}

  /**
   * A float as encoding/json writes it: {@code strconv.FormatFloat(f, 'f', -1, 64)} for {@code 1e-6
   * <= |f| < 1e21}, else the shortest {@code 'e'} form with {@code e-07} cleaned to {@code e-7}.
   *
   * @throws ValuesException for NaN and the infinities, which JSON cannot hold
   */
  public static String jsonFloat(double f) {
    if (!Double.isFinite(f)) {
      throw new ValuesException("unsupported value %s: JSON has no encoding for it".formatted(f));
    }
    if (f == 0) {
      return signedZero(f);
    }
    BigDecimal shortest = shortestDecimal(f);
    double abs = Math.abs(f);
    if (abs >= 1e-6 && abs < 1e21) {
      return shortest.toPlainString();
    }
    // strconv writes at least two exponent digits; encoding/json strips the pad of a negative one.
    return exponentForm(f, shortest, false);
  }

  /**
   * A float as yaml.v3 writes it: {@link #shortestFloat}, with {@code .inf}, {@code -.inf} and
   * {@code .nan} for what is not finite.
   */
  public static String yamlFloat(double f) {
    if (Double.isNaN(f)) {
      return ".nan";
    }
    if (Double.isInfinite(f)) {
      return f > 0 ? ".inf" : "-.inf";
    }
    return shortestFloat(f);
  }

  /**
   * {@code strconv.FormatFloat(f, 'g', -1, 64)}, which Go's {@code %v} and yaml.v3 write: the
   * shortest digits, with an exponent from {@code 1e+06} up and below {@code 1e-04}; {@code NaN},
   * {@code +Inf}, {@code -Inf}.
   */
  public static String shortestFloat(double f) {
    if (Double.isNaN(f)) {
      return "NaN";
    }
    if (Double.isInfinite(f)) {
      return f > 0 ? "+Inf" : "-Inf";
    }
    if (f == 0) {
      return signedZero(f);
    }
    BigDecimal shortest = shortestDecimal(f);
    int exponent = exponent(shortest);
    if (exponent < -4 || exponent >= 6) {
      return exponentForm(f, shortest, true);
    }
    return shortest.toPlainString();
  }

  private static String signedZero(double zero) {
    return 1 / zero < 0 ? "-0" : "0";
  }

  /** {@code d.ddde±xx}; strconv pads the exponent to two digits. */
  private static String exponentForm(double f, BigDecimal shortest, boolean padNegative) {
    String digits = shortest.unscaledValue().abs().toString();
    int exponent = exponent(shortest);
    StringBuilder out = new StringBuilder();
    if (f < 0) {
      out.append('-');
    }
    out.append(digits.charAt(0));
    if (digits.length() > 1) {
      out.append('.').append(digits, 1, digits.length());
    }
    out.append('e').append(exponent < 0 ? '-' : '+');
    int magnitude = Math.abs(exponent);
    if (magnitude < 10 && (exponent > 0 || padNegative)) {
      out.append('0');
    }
    out.append(magnitude);
    return out.toString();
  }

  /** The power of ten of the first digit. */
  private static int exponent(BigDecimal shortest) {
    return shortest.precision() - 1 - shortest.scale();
  }

  /**
   * The decimal with the fewest digits that reads back as {@code f}, as Go's strconv finds it. Java
   * 17's Double.toString is not always shortest, so Schubfach (shipped in jackson-core) does the
   * work; but Java's contract asks for at least two digits, which for a few subnormals (4.9e-324
   * where Go writes 5e-324) is one digit more than the shortest.
   */
  private static BigDecimal shortestDecimal(double f) {
    BigDecimal decimal = new BigDecimal(DoubleToDecimal.toString(f)).stripTrailingZeros();
    if (decimal.precision() == 2) {
      BigDecimal oneDigit = decimal.round(new MathContext(1, RoundingMode.HALF_EVEN));
      if (oneDigit.doubleValue() == f) {
        return oneDigit.stripTrailingZeros();
      }
    }
    return decimal;
  }

  private static int compareCodePoints(String a, String b) {
    // Up to the first UTF-16 unit that differs the strings are the same; when neither unit there is
    // half of a surrogate pair, that unit is a whole code point in both and decides the order.
    int common = Math.min(a.length(), b.length());
    for (int k = 0; k < common; k++) {
      char ca = a.charAt(k);
      char cb = b.charAt(k);
      if (ca != cb) {
        if (Character.isSurrogate(ca) || Character.isSurrogate(cb)) {
          return compareByCodePoint(a, b);
        }
        return Integer.compare(ca, cb);
      }
    }
    return Integer.compare(a.length(), b.length());
  }

  private static int compareByCodePoint(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }
}
