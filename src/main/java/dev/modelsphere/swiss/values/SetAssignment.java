package dev.modelsphere.swiss.values;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Parses {@code --set key=value} assignments into values trees.
 *
 * <p>Unlike helm's {@code --set} there is no comma splitting, list syntax or escaping: the key is
 * everything before the first {@code =}, the value everything after it. The value's type is
 * inferred as the reference infers it: {@code true}/{@code false}, {@code null}, a base-10 64-bit
 * integer, a float as Go's {@code strconv.ParseFloat} reads one ({@code 1.5}, {@code 1_000}, {@code
 * 0x1p-2}), else a string.
 *
 * <p>Deliberate difference from the reference: {@code inf}, {@code Infinity} and {@code NaN} stay
 * strings. They have no JSON form, so as floats they would make the plan impossible to hash.
 */
public final class SetAssignment {
  private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  private SetAssignment() {}

  /** One assignment as a single-path tree. */
  public static Map<String, Object> parse(String assignment) {
    int eq = assignment.indexOf('=');
    if (eq <= 0) {
      throw new ValuesException(
          "expected key=value, got \"" + assignment + "\" (for example --set replicaCount=2)");
    }
    Map<String, Object> tree = Tree.empty();
    Tree.set(tree, assignment.substring(0, eq), infer(assignment.substring(eq + 1)));
    return tree;
  }

  /** Several assignments merged in order: later ones win, lists replace. */
  public static Map<String, Object> parseAll(List<String> assignments) {
    Map<String, Object> tree = Tree.empty();
    for (String assignment : assignments) {
      Tree.merge(tree, parse(assignment));
    }
    return tree;
  }

  /** The typed value a {@code --set} string stands for. */
  public static Object infer(String raw) {
    switch (raw) {
      case "true":
        return Boolean.TRUE;
      case "false":
        return Boolean.FALSE;
      case "null":
        return null;
      default:
        break;
    }
    if (INTEGER.matcher(raw).matches()) {
      BigInteger big = new BigInteger(raw);
      if (big.compareTo(LONG_MIN) >= 0 && big.compareTo(LONG_MAX) <= 0) {
        return big.longValue();
      }
    }
    Optional<Double> number = GoFloatLiteral.parse(raw);
    return number.isPresent() ? number.get() : raw;
  }
}
