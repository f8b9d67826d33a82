package dev.modelsphere.swiss.deploy.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.store.Store;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a server's writes spend, with and without a database to keep approvals in. */
class SiteApprovalsTest {
  private static final Profile PROTECTED = profile(true);
  private static final Profile OPEN = profile(false);
  private static final GuardedWrite UNINSTALL =
      GuardedWrite.ofRelease("uninstall", "models", "chat");

  @TempDir Path dir;

  private static Profile profile(boolean requireApproval) {
    return Profile.parse(
        "name: site\nrequireApproval: %s\nmodel:\n  pathTemplate: /models/{{name}}\n"
            .formatted(requireApproval),
        "test profile");
  }

  private static SiteApprovals of(Optional<Store> store, Profile profile) {
    return SiteApprovals.of(
        store,
        () -> Optional.of(profile),
        (ns, release) -> 3,
        Duration.ofHours(1),
        Clock.systemUTC());
  }

  @Test
  void withoutADatabaseAWriteOnASiteThatRequiresApprovalIsRefusedAsUnavailableSayingWhy() {
    SiteApprovals approvals = of(Optional.empty(), PROTECTED);

    assertThat(approvals.kept()).isEmpty();
    assertThatThrownBy(() -> approvals.spending().spend("alice", UNINSTALL, () -> 3))
        .isInstanceOfSatisfying(
            DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.UNAVAILABLE))
        .hasMessageContaining("database")
        .hasMessageContaining("uninstall of models/chat");
  }

  @Test
  void withoutADatabaseAWriteOnASiteThatRequiresNoApprovalSpendsNothing() {
    assertThat(of(Optional.empty(), OPEN).spending().spend("alice", UNINSTALL, () -> 3)).isEmpty();
  }

  @Test
  void withADatabaseAWriteSpendsTheStoredApprovalsAndIsRefusedUntilAnotherUserApproves() {
    try (Store store = Store.open(dir.resolve("swiss.db"))) {
      SiteApprovals approvals = of(Optional.of(store), PROTECTED);

      assertThat(approvals.spending()).isSameAs(approvals.kept().orElseThrow());
      assertThatThrownBy(() -> approvals.spending().spend("alice", UNINSTALL, () -> 3))
          .isInstanceOfSatisfying(
              DeployException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT));
    }
  }
}
