package dev.modelsphere.swiss.sitestate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.error.ErrorKind;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Asserts a refusal: its status and the facts its message must name. */
final class Refusals {
  private Refusals() {}

  static void assertRefused(ThrowingCallable call, ErrorKind reason, String... facts) {
    var thrown =
        assertThatThrownBy(call)
            .isInstanceOfSatisfying(
                SiteStateException.class, e -> assertThat(e.kind()).isEqualTo(reason));
    if (facts.length > 0) {
      thrown.hasMessageContainingAll(facts);
    }
  }
}
