package dev.modelsphere.swiss.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoDurationTest {

  @Test
  void durationsAreWrittenAsGoWritesThem() {
    assertThat(GoDuration.parse("60s")).isEqualTo(Duration.ofSeconds(60));
    assertThat(GoDuration.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
    assertThat(GoDuration.parse("24h")).isEqualTo(Duration.ofHours(24));
    assertThat(GoDuration.parse("1h2m3s4ms")).isEqualTo(Duration.ofMillis(3_723_004));
    assertThat(GoDuration.parse("300ms")).isEqualTo(Duration.ofMillis(300));
    assertThat(GoDuration.parse("1.5h")).isEqualTo(Duration.ofMinutes(90));
    assertThat(GoDuration.parse(".5s")).isEqualTo(Duration.ofMillis(500));
    assertThat(GoDuration.parse("2us")).isEqualTo(Duration.ofNanos(2000));
    assertThat(GoDuration.parse("2µs")).isEqualTo(Duration.ofNanos(2000));
    assertThat(GoDuration.parse("7ns")).isEqualTo(Duration.ofNanos(7));
    assertThat(GoDuration.parse("-1m")).isEqualTo(Duration.ofMinutes(-1));
    assertThat(GoDuration.parse("+1m")).isEqualTo(Duration.ofMinutes(1));
    assertThat(GoDuration.parse("0")).isEqualTo(Duration.ZERO);
  }

  @Test
  void aNumberWithoutAUnitOrAnUnknownUnitIsRefused() {
    for (String bad : List.of("", "60", "1d", "s", "1.s.", "1m 30s", "h1", "--1s", ".s")) {
      assertThatThrownBy(() -> GoDuration.parse(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("\"" + bad + "\"");
    }
  }
}
