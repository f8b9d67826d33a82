package dev.modelsphere.swiss.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the catalog accepts as a variant's chart.version until chart specs are wired in. */
class ChartSpecCheckTest {
  private final ChartSpecCheck check = new SemverChartSpecCheck();

  @Test
  void chartVersionIsAVersionOrARange() {
    for (String spec : new String[] {"0.7.1", ">=0.7.1", "^0.7.1", "~0.7.1", ">=0.7.1 <0.9.0",
        "1.0.0-rc.1+build.5", " 0.7.1 ", "0.7.x", ">=0.7.1, <0.9.0", "<0.2.0 || >=0.7.1"}) {
      assertThat(check.problem(spec)).as(spec).isNull();
    }
  }

  @Test
  void emptyLatestAndWordsAreRefused() {
    assertThat(check.problem("")).contains("no chart version");
    assertThat(check.problem("  ")).contains("no chart version");
    for (String spec : new String[] {"latest", ">=banana", "banana", ">=0.7.1 <soon"}) {
      assertThat(check.problem(spec)).as(spec)
          .contains("\"" + spec + "\"", "neither a version nor a range");
    }
  }
}
