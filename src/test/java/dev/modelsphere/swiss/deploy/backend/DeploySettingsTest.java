package dev.modelsphere.swiss.deploy.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The deploy core's times: defaults, what a test may shorten, and what is refused. */
class DeploySettingsTest {

  @Test
  void theDefaultsAreAFifteenSecondLeaseRenewedEveryFiveAndTenSecondsOfSilence() {
    DeploySettings.Times times = new DeploySettings("", 0).times();

    assertThat(times.lease()).isEqualTo(Duration.ofSeconds(15));
    assertThat(times.renewEvery()).isEqualTo(Duration.ofSeconds(5));
    assertThat(times.apiServerSilence()).isEqualTo(Duration.ofSeconds(10));
    assertThat(times.operatorDeadline()).isEqualTo(Duration.ofMinutes(5));
    assertThat(times.goneTimeout()).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void aShorterLeaseIsRenewedAThirdOfItApartUnlessToldOtherwise() {
    DeploySettings.Times shortened = DeploySettings.Times.DEFAULTS.withLease(Duration.ofSeconds(3));

    assertThat(shortened.renewEvery()).isEqualTo(Duration.ofSeconds(1));
    assertThat(shortened.apiServerSilence()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void aLeaseRenewedNoMoreOftenThanItLastsIsRefused() {
    assertThatThrownBy(
            () ->
                new DeploySettings.Times(
                    Duration.ofSeconds(2), Duration.ofSeconds(2), null, null, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("renewed more often than it lasts");
  }

  @Test
  void aLeaseShorterThanASecondAndANonPositiveLimitAreRefused() {
    assertThatThrownBy(() -> DeploySettings.Times.DEFAULTS.withLease(Duration.ofMillis(500)))
        .hasMessageContaining("at least one second");
    assertThatThrownBy(() -> DeploySettings.Times.DEFAULTS.withApiServerSilence(Duration.ZERO))
        .hasMessageContaining("apiServerSilence");
  }
}
