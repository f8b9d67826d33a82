package dev.modelsphere.swiss.values;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Go's map-key order, by code point, whatever surrogates the keys hold. */
class KeyOrderTest {
  /** ASCII, a character above the surrogates, both halves of a pair and a full pair. */
  private static final String[] UNITS = {"a", "b", "\uffff", "\ud83d", "\ude00", "\ud83d\ude00"};

  @Test
  void keysAreOrderedByCodePoint() {
    Random random = new Random(15);
    for (int i = 0; i < 50_000; i++) {
      String a = randomKey(random);
      String b = randomKey(random);

      assertThat(Integer.signum(GoFormat.KEY_ORDER.compare(a, b)))
          .as("%s vs %s", a.codePoints().boxed().toList(), b.codePoints().boxed().toList())
          .isEqualTo(Integer.signum(byCodePoint(a, b)));
    }
  }

  private static int byCodePoint(String a, String b) {
    int[] x = a.codePoints().toArray();
    int[] y = b.codePoints().toArray();
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] != y[i]) {
        return Integer.compare(x[i], y[i]);
      }
    }
    return Integer.compare(x.length, y.length);
  }

  private static String randomKey(Random random) {
    StringBuilder key = new StringBuilder();
    for (int n = random.nextInt(4); n > 0; n--) {
      key.append(UNITS[random.nextInt(UNITS.length)]);
    }
    return key.toString();
  }
}
