package dev.modelsphere.swiss.deploy.backend;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PlanStatusTest {

  @Test
  void anApplyingStatusWritesOnlyTheFieldsItHasAndPhaseFirst() {
    String yaml = PlanStatus.applying("install", "2026-11-30T02:00:00Z", "", false).toYaml();

    assertThat(yaml)
        .startsWith("phase: applying\n")
        .contains("action: install", "startedAt: ", "2026-11-30T02:00:00Z")
        .doesNotContain("revision", "error", "note", "forced", "updatedAt");
  }

  @Test
  void finishingRecordsTheRevisionAndTheErrorOfAFailure() {
    PlanStatus applying = PlanStatus.applying("apply", "2026-11-30T02:00:00Z", "bump", true);

    PlanStatus failed =
        PlanStatus.parse(applying.finished(3, "2026-11-30T02:01:00Z", "boom").toYaml());
    PlanStatus applied =
        PlanStatus.parse(applying.finished(4, "2026-11-30T02:02:00Z", "").toYaml());

    assertThat(failed.phase()).isEqualTo(PlanStatus.FAILED);
    assertThat(failed.error()).isEqualTo("boom");
    assertThat(failed.revision()).isEqualTo(3);
    assertThat(failed.note()).isEqualTo("bump");
    assertThat(failed.forced()).isTrue();
    assertThat(applied.phase()).isEqualTo(PlanStatus.APPLIED);
    assertThat(applied.error()).isEmpty();
    assertThat(applied.updatedAt()).isEqualTo("2026-11-30T02:02:00Z");
  }

  @Test
  void anUnreadableStatusFileReadsAsAnUnknownPhaseWithTheReason() {
    PlanStatus status = PlanStatus.parse("phase: [unclosed");

    assertThat(status.phase()).isEmpty();
    assertThat(status.error()).contains("status.yaml unreadable");
  }
}
