package dev.modelsphere.swiss.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * {@code docs/reference-cases.md} says which of our tests cover each of the reference's LLMService
 * test cases; a renamed or deleted test would leave the table claiming coverage it no longer has.
 */
class ReferenceCasesTest {
  private static final String BASE = "dev.modelsphere.swiss.";

  /** {@code `pkg.Class#method`}, or {@code `#method`} meaning the class named before it. */
  private static final Pattern CITED = Pattern.compile("`(?:([a-z.]+\\.[A-Z]\\w+))?#(\\w+)`");

  @Test
  void everyTestTheTableCitesExistsAndEveryRowCitesOne() throws IOException {
    List<String> missing = new ArrayList<>();
    int cited = 0;
    for (String row :
        Files.readAllLines(SharedFixtures.project().resolve("docs/reference-cases.md"))) {
      if (!row.startsWith("| Test")) {
        continue;
      }
      Matcher matcher = CITED.matcher(row);
      String className = null;
      int inRow = 0;
      while (matcher.find()) {
        className = matcher.group(1) != null ? matcher.group(1) : className;
        inRow++;
        if (!hasTest(className, matcher.group(2))) {
          missing.add("%s#%s".formatted(className, matcher.group(2)));
        }
      }
      assertThat(inRow).as("tests cited by: %s", row).isPositive();
      cited += inRow;
    }
    assertThat(missing).as("cited tests that do not exist").isEmpty();
    assertThat(cited).isGreaterThan(80);
  }

  private static boolean hasTest(String className, String method) {
    try {
      Method[] methods = Class.forName(BASE + className).getDeclaredMethods();
      return Arrays.stream(methods)
          .anyMatch(
              m ->
                  m.getName().equals(method)
                      && (m.isAnnotationPresent(Test.class)
                          || m.isAnnotationPresent(ParameterizedTest.class)));
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
