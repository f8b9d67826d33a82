package dev.modelsphere.swiss.config;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations written the way Go writes them ({@code 60s}, {@code 1m30s}, {@code 1.5h}, {@code
 * 300ms}), so config files shared with the Go tools keep working.
 */
public final class GoDuration {
  private static final Pattern PART =
      Pattern.compile("(\\d+\\.?\\d*|\\.\\d+)(ns|us|µs|μs|ms|s|m|h)");
  private static final Map<String, Long> NANOS_PER_UNIT =
      Map.of(
          "ns", 1L,
          "us", 1_000L,
          "µs", 1_000L,
          "μs", 1_000L,
          "ms", 1_000_000L,
          "s", 1_000_000_000L,
          "m", 60_000_000_000L,
          "h", 3_600_000_000_000L);

  private GoDuration() {}

  /**
   * Parses a duration: an optional sign, then one or more decimal numbers each with a unit ({@code
   * ns}, {@code us}, {@code ms}, {@code s}, {@code m}, {@code h}). A bare {@code 0} is zero.
   *
   * @throws IllegalArgumentException when the text is not such a duration
   */
  public static Duration parse(String text) {
    String s = text == null ? "" : text.strip();
    boolean negative = s.startsWith("-");
    String body = s.startsWith("-") || s.startsWith("+") ? s.substring(1) : s;
    if (body.equals("0")) {
      return Duration.ZERO;
    }
    if (body.isEmpty()) {
      throw invalid(text);
    }
    Matcher m = PART.matcher(body);
    BigDecimal nanos = BigDecimal.ZERO;
    int end = 0;
    while (end < body.length()) {
      if (!m.find(end) || m.start() != end) {
        throw invalid(text);
      }
      nanos =
          nanos.add(
              new BigDecimal(m.group(1))
                  .multiply(BigDecimal.valueOf(NANOS_PER_UNIT.get(m.group(2)))));
      end = m.end();
    }
    Duration d = Duration.ofNanos(nanos.longValue());
    return negative ? d.negated() : d;
  }

  private static IllegalArgumentException invalid(String text) {
    return new IllegalArgumentException(
        "\"" + text + "\" is not a duration; write a number with a unit, e.g. 60s, 1m30s or 24h");
  }
}
