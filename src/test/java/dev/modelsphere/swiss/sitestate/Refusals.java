package dev.modelsphere.swiss.sitestate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Asserts a refusal: its status and the facts its message must name. */
final class Refusals {
  private Refusals() {}

  static void assertRefused(
      ThrowingCallable call, SiteStateException.Reason reason, String... facts) {
    var thrown =
        assertThatThrownBy(call)
            .isInstanceOfSatisfying(
                SiteStateException.class, e -> assertThat(e.reason()).isEqualTo(reason));
    if (facts.length > 0) {
      thrown.hasMessageContainingAll(facts);
    }
  }
}
