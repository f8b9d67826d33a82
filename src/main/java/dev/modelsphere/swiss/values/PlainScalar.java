package dev.modelsphere.swiss.values;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What an unquoted, untagged scalar means.
 *
 * <p>{@link #REFERENCE} decides as gopkg.in/yaml.v3 does when it decodes into an untyped value,
 * because that is how the reference reads every document a plan is made of, and the same bytes must
 * give the same plan: {@code on}, {@code yes}, {@code y} are strings, {@code 0o17} and {@code 017}
 * are 15, {@code 08} is the number 8. {@link #KUBERNETES} adds the YAML 1.1 booleans ({@code yes},
 * {@code on}, {@code y}, ... any case the 1.1 list has), as the YAML library Kubernetes and helm
 * decode manifests and kubeconfigs with does.
 */
enum PlainScalar {
  REFERENCE(Map.of()),
  KUBERNETES(yamlOneOneBooleans());

  /** Go's float syntax as yaml.v3 accepts it, after every {@code _} is removed. */
  private static final Pattern FLOAT =
      Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");

  /**
   * A float that starts with its point: yaml.v3 hands these to Go's ParseFloat unchanged, which
   * allows an underscore only between two digits.
   */
  private static final Pattern POINT_FLOAT =
      Pattern.compile("\\.[0-9]+(_[0-9]+)*([eE][-+]?[0-9]+(_[0-9]+)*)?");

  private static final BigInteger MAX_UINT64 =
      BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  private static final Map<String, JsonNode> WORDS = words();

  private final Map<String, JsonNode> extraWords;

  PlainScalar(Map<String, JsonNode> extraWords) {
    this.extraWords = extraWords;
  }

  /**
   * The value the text stands for: a null, boolean, integer ({@code LongNode}, or a {@code
   * BigIntegerNode} above the signed 64-bit range), float ({@code DoubleNode}, possibly infinite or
   * NaN) or, for anything else, the text itself.
   */
  JsonNode resolve(String text) {
    JsonNode word = WORDS.getOrDefault(text, extraWords.get(text));
    if (word != null) {
      return word;
    }
    char first = text.charAt(0);
    if (first == '.') {
      return pointFloat(text);
    }
    if (first == '+' || first == '-' || (first >= '0' && first <= '9')) {
      return number(text);
    }
    return TextNode.valueOf(text);
  }

  /** True when the text reads back as itself, a string, under these rules. */
  boolean isString(String text) {
    return resolve(text).isTextual();
  }

  private static JsonNode pointFloat(String text) {
    if (!POINT_FLOAT.matcher(text).matches()) {
      return TextNode.valueOf(text);
    }
    return finiteOrText(text, Double.parseDouble(text.replace("_", "")));
  }

  private static JsonNode number(String text) {
    String plain = text.replace("_", "");
    BigInteger integer = GoInteger.parse(plain);
    if (integer != null) {
      if (integer.bitLength() < Long.SIZE) {
        return LongNode.valueOf(integer.longValueExact());
      }
      // Above the signed range Go tries an unsigned parse, which takes no sign.
      boolean unsigned = !plain.startsWith("+") && integer.signum() > 0;
      if (unsigned && integer.compareTo(MAX_UINT64) <= 0) {
        return BigIntegerNode.valueOf(integer);
      }
    }
    if (FLOAT.matcher(plain).matches()) {
      return finiteOrText(text, Double.parseDouble(plain));
    }
    return TextNode.valueOf(text);
  }

  /** Go's ParseFloat refuses what overflows, so yaml.v3 keeps such text a string. */
  private static JsonNode finiteOrText(String text, double value) {
    return Double.isInfinite(value) ? TextNode.valueOf(text) : DoubleNode.valueOf(value);
  }

  private static Map<String, JsonNode> words() {
    Map<String, JsonNode> words = new HashMap<>();
    for (String word : new String[] {"", "~", "null", "Null", "NULL"}) {
      words.put(word, NullNode.getInstance());
    }
    put(words, BooleanNode.TRUE, "true", "True", "TRUE");
    put(words, BooleanNode.FALSE, "false", "False", "FALSE");
    put(words, DoubleNode.valueOf(Double.NaN), ".nan", ".NaN", ".NAN");
    put(words, DoubleNode.valueOf(Double.POSITIVE_INFINITY), ".inf", ".Inf", ".INF");
    put(words, DoubleNode.valueOf(Double.POSITIVE_INFINITY), "+.inf", "+.Inf", "+.INF");
    put(words, DoubleNode.valueOf(Double.NEGATIVE_INFINITY), "-.inf", "-.Inf", "-.INF");
    return Map.copyOf(words);
  }

  private static Map<String, JsonNode> yamlOneOneBooleans() {
    Map<String, JsonNode> words = new HashMap<>();
    put(words, BooleanNode.TRUE, "y", "Y", "yes", "Yes", "YES", "on", "On", "ON");
    put(words, BooleanNode.FALSE, "n", "N", "no", "No", "NO", "off", "Off", "OFF");
    return Map.copyOf(words);
  }

  private static void put(Map<String, JsonNode> words, JsonNode value, String... spellings) {
    for (String spelling : spellings) {
      words.put(spelling, value);
    }
  }

  /** Go's {@code strconv.ParseInt(s, 0, 64)} syntax, without its range check. */
  private static final class GoInteger {
    private GoInteger() {}

    /** The integer, or null when the text is not one in any of Go's bases. */
    static BigInteger parse(String text) {
      boolean negative = text.startsWith("-");
      String digits = text.startsWith("-") || text.startsWith("+") ? text.substring(1) : text;
      int base = 10;
      if (digits.length() >= 3
          && digits.charAt(0) == '0'
          && "bBoOxX".indexOf(digits.charAt(1)) >= 0) {
        base =
            switch (Character.toLowerCase(digits.charAt(1))) {
              case 'b' -> 2;
              case 'o' -> 8;
              default -> 16;
            };
        digits = digits.substring(2);
      } else if (digits.startsWith("0")) {
        // A leading zero is YAML 1.1's octal, which yaml.v3 still reads; "0" alone is zero.
        base = 8;
        digits = digits.length() == 1 ? "0" : digits.substring(1);
      }
      if (digits.isEmpty() || !inBase(digits, base)) {
        return null;
      }
      BigInteger value = new BigInteger(digits, base);
      return negative ? value.negate() : value;
    }

    /** ASCII digits only: BigInteger would also take digits of other scripts. */
    private static boolean inBase(String digits, int base) {
      for (int i = 0; i < digits.length(); i++) {
        char c = Character.toLowerCase(digits.charAt(i));
        int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : base;
        if (digit >= base) {
          return false;
        }
      }
      return true;
    }
  }
}
