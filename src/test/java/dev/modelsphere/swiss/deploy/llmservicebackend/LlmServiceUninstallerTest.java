package dev.modelsphere.swiss.deploy.llmservicebackend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.deploy.OperatorSimulation;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.DeploySettings;
import dev.modelsphere.swiss.deploy.llmservicebackend.UninstallOutcome.Result;
import dev.modelsphere.swiss.deploy.llmservicebackend.UninstallOutcome.Run;
import dev.modelsphere.swiss.deploy.writes.LeaseRenewals;
import dev.modelsphere.swiss.deploy.writes.ReleaseLeases;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.deploy.writes.Writer;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.PreconditionedDelete;
import dev.modelsphere.swiss.llmsvc.LayerSpec;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceSpec;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.llmsvc.LlmServices;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import dev.modelsphere.swiss.server.http.ErrorStatus;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.DeleteFreeze;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.OtherPartyBeforeWrites;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Deleting an LLMService release against the real API server (canary.md §6). The {@code
 * betweenReadAndDelete} hook plays the other party: the operator writing status, a person applying
 * or replacing the object, someone deleting it.
 */
@ClusterTest
class LlmServiceUninstallerTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final String NAME = "glm-53";
  private static final Duration GONE_TIMEOUT = Duration.ofSeconds(20);

  /** The renewing thread of the processes the test plays. */
  private static final LeaseRenewals RENEWALS = new LeaseRenewals();

  @AfterAll
  static void stopRenewing() {
    RENEWALS.close();
  }

  private static KubernetesClient admin() {
    return cluster.admin();
  }

  private static Resource<LlmService> object(String name) {
    return cluster.llmServices().withName(name);
  }

  private static LlmService create(String name, String planHash, boolean withFinalizer) {
    LlmService svc = LlmServices.sample(cluster.namespace(), name);
    if (planHash != null) {
      svc.getMetadata().setAnnotations(Map.of(SwissAnnotations.PLAN_HASH, planHash));
    }
    if (withFinalizer) {
      svc.getMetadata().setFinalizers(List.of(LlmService.FINALIZER));
    }
    return cluster.llmServices().resource(svc).create();
  }

  /** SIMULATION: {@code betweenReadAndDelete} plays whoever acts before each delete is sent. */
  private static LlmServiceUninstaller uninstaller(Runnable betweenReadAndDelete) {
    return uninstaller(OtherPartyBeforeWrites.client(admin(), betweenReadAndDelete), GONE_TIMEOUT);
  }

  /** The uninstaller as the deploy core wires it, acting through {@code client}. */
  private static LlmServiceUninstaller uninstaller(KubernetesClient client, Duration goneTimeout) {
    ReleaseLocks locks = new ReleaseLocks();
    return new LlmServiceUninstaller(
        client,
        locks,
        leases(client, locks.writer()),
        new PreconditionedDelete(client),
        goneTimeout);
  }

  private static ReleaseLeases leases(KubernetesClient client, Writer writer) {
    return new ReleaseLeases(
        client, writer, DeploySettings.Times.DEFAULTS, Clock.systemUTC(), RENEWALS);
  }

  private static UninstallOutcome uninstall(Runnable betweenReadAndDelete) {
    return uninstaller(betweenReadAndDelete).uninstall(cluster.namespace(), NAME);
  }

  private static void assertNothingDeletedAndNothingToRecord(UninstallOutcome outcome) {
    assertThat(outcome.result()).isEqualTo(Result.CONFLICT);
    assertThat(outcome.apiStatus()).isEqualTo(409);
    assertThat(outcome.runToRecord()).isEqualTo(Run.NONE);
    LlmService kept = object(NAME).get();
    assertThat(kept).isNotNull();
    assertThat(kept.getMetadata().getDeletionTimestamp()).isNull();
  }

  @Test
  void anObjectWithTheOperatorsFinalizerIsUninstalledOnceTheOperatorLetsItGo() {
    create(NAME, "sha256:aa", true);
    try (OperatorSimulation operator = new OperatorSimulation(admin(), cluster.namespace())) {
      UninstallOutcome outcome = uninstall(() -> {});

      assertThat(outcome.result()).isEqualTo(Result.UNINSTALLED);
      assertThat(outcome.apiStatus()).isEqualTo(200);
      assertThat(outcome.runToRecord()).isEqualTo(Run.SUCCEEDED);
      assertThat(object(NAME).get()).isNull();
      await()
          .atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(20))
          .until(() -> operator.finalized().contains(NAME));
    }
  }

  @Test
  void aStatusWriteBetweenReadAndDeleteIsRetriedOnceAndTheObjectIsUninstalled() {
    create(NAME, "sha256:aa", true);
    AtomicInteger deletes = new AtomicInteger();
    try (OperatorSimulation operator = new OperatorSimulation(admin(), cluster.namespace())) {
      UninstallOutcome outcome =
          uninstall(
              () -> {
                if (deletes.incrementAndGet() == 1) {
                  writeStatus("installed");
                }
              });

      assertThat(outcome.result()).isEqualTo(Result.UNINSTALLED);
      assertThat(outcome.runToRecord()).isEqualTo(Run.SUCCEEDED);
      assertThat(deletes).as("delete requests: the conflicted one and the retry").hasValue(2);
      assertThat(object(NAME).get()).isNull();
      await()
          .atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(20))
          .until(() -> operator.finalized().contains(NAME));
    }
  }

  @Test
  void aSecondStatusWriteBeforeTheRetryIsAConflictAndTheObjectIsKept() {
    create(NAME, "sha256:aa", false);
    AtomicInteger deletes = new AtomicInteger();

    UninstallOutcome outcome =
        uninstall(() -> writeStatus("status write " + deletes.incrementAndGet()));

    assertNothingDeletedAndNothingToRecord(outcome);
    assertThat(deletes).as("delete requests: the first and the one retry").hasValue(2);
    assertThat(object(NAME).get().getStatus().message()).isEqualTo("status write 2");
  }

  @Test
  void anObjectTheOperatorNeverLetsGoIsATimeoutNamingTheRelease() {
    create(NAME, "sha256:aa", true);
    LlmServiceUninstaller impatient = uninstaller(admin(), Duration.ofMillis(500));
    try {
      assertThatThrownBy(() -> impatient.uninstall(cluster.namespace(), NAME))
          .isInstanceOfSatisfying(
              DeployException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(ErrorKind.FAILED);
                assertThat(e.getMessage())
                    .contains(cluster.namespace() + "/" + NAME, "finalizer", "PT0.5S");
              });
      assertThat(object(NAME).get().getMetadata().getDeletionTimestamp()).isNotNull();
    } finally {
      object(NAME)
          .edit(
              o -> {
                o.getMetadata().setFinalizers(List.of());
                return o;
              });
    }
  }

  private static void writeStatus(String message) {
    object(NAME)
        .editStatus(
            o -> {
              o.setStatus(
                  new LlmServiceStatus(1L, Phase.Applied, null, message, null, null, null, null));
              return o;
            });
  }

  @Test
  void anObjectReplacedBetweenReadAndDeleteIsAConflictAndTheNewObjectIsKept() {
    String oldUid = create(NAME, "sha256:aa", false).getMetadata().getUid();
    AtomicReference<String> newUid = new AtomicReference<>();

    UninstallOutcome outcome =
        uninstall(
            () -> {
              object(NAME).delete();
              await()
                  .atMost(Duration.ofSeconds(20))
                  .pollInterval(Duration.ofMillis(50))
                  .until(() -> object(NAME).get() == null);
              newUid.set(create(NAME, "sha256:aa", false).getMetadata().getUid());
            });

    assertNothingDeletedAndNothingToRecord(outcome);
    assertThat(object(NAME).get().getMetadata().getUid())
        .isEqualTo(newUid.get())
        .isNotEqualTo(oldUid);
    assertThat(outcome.message()).contains(oldUid, newUid.get());
  }

  @Test
  void aSpecChangeBetweenReadAndDeleteIsAConflictAndTheObjectIsKept() {
    create(NAME, "sha256:aa", false);

    UninstallOutcome outcome =
        uninstall(
            () ->
                object(NAME)
                    .edit(
                        o -> {
                          List<LayerSpec> layers = new ArrayList<>(o.getSpec().layers());
                          layers.add(new LayerSpec("site", Map.of("replicas", 2)));
                          o.setSpec(
                              new LlmServiceSpec(
                                  o.getSpec().chart(),
                                  layers,
                                  o.getSpec().model(),
                                  o.getSpec().suspend()));
                          return o;
                        }));

    assertNothingDeletedAndNothingToRecord(outcome);
    assertThat(object(NAME).get().getMetadata().getGeneration()).isEqualTo(2L);
    assertThat(outcome.message()).contains("generation");
  }

  @Test
  void aPlanHashChangeBetweenReadAndDeleteIsAConflictAndTheObjectIsKept() {
    create(NAME, "sha256:aa", false);

    UninstallOutcome outcome =
        uninstall(
            () ->
                object(NAME)
                    .edit(
                        o -> {
                          Map<String, String> annotations =
                              new HashMap<>(o.getMetadata().getAnnotations());
                          annotations.put(SwissAnnotations.PLAN_HASH, "sha256:bb");
                          o.getMetadata().setAnnotations(annotations);
                          return o;
                        }));

    assertNothingDeletedAndNothingToRecord(outcome);
    LlmService kept = object(NAME).get();
    assertThat(kept.getMetadata().getGeneration()).isEqualTo(1L);
    assertThat(kept.getMetadata().getAnnotations())
        .containsEntry(SwissAnnotations.PLAN_HASH, "sha256:bb");
    assertThat(outcome.message()).contains("sha256:aa", "sha256:bb");
  }

  @Test
  void anObjectDeletedBySomeoneElseBetweenReadAndDeleteIsNotFoundAndNothingIsRecorded() {
    create(NAME, "sha256:aa", false);

    UninstallOutcome outcome = uninstall(() -> object(NAME).delete());

    assertThat(outcome.result()).isEqualTo(Result.NOT_FOUND);
    assertThat(outcome.apiStatus()).isEqualTo(404);
    assertThat(outcome.runToRecord()).isEqualTo(Run.NONE);
    assertThat(object(NAME).get()).isNull();
  }

  @Test
  void aMissingObjectIsNotFoundAndNothingElseIsTouched() {
    LlmService other = create("other", "sha256:aa", false);

    UninstallOutcome outcome = uninstall(() -> {});

    assertThat(outcome.result()).isEqualTo(Result.NOT_FOUND);
    assertThat(outcome.apiStatus()).isEqualTo(404);
    assertThat(outcome.runToRecord()).isEqualTo(Run.NONE);
    assertThat(outcome.message()).contains(cluster.namespace() + "/" + NAME);
    assertThat(object("other").get().getMetadata().getResourceVersion())
        .isEqualTo(other.getMetadata().getResourceVersion());
  }

  @Test
  void anUninstallWhileAnotherProcessHoldsTheReleaseIsRefusedWith409AndDeletesNothing() {
    LlmService before = create(NAME, "sha256:aa", false);
    ReleaseLeases otherProcess = leases(admin(), Writer.thisProcess("swiss serve"));

    try (ReleaseLeases.Held held = otherProcess.take(cluster.namespace(), NAME, "apply")) {
      assertThatThrownBy(() -> uninstall(() -> {}))
          .isInstanceOfSatisfying(
              DeployException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
                assertThat(e.getMessage())
                    .contains(
                        cluster.namespace() + "/" + NAME + " is being applied by swiss serve");
              });
    }
    assertThat(object(NAME).get().getMetadata().getResourceVersion())
        .isEqualTo(before.getMetadata().getResourceVersion());
  }

  @Test
  void aUserWhoMayNotReadTheObjectIsRejectedWith403AndNothingChanges() {
    LlmService before = create(NAME, "sha256:aa", false);
    LlmServiceUninstaller asRestrictedUser = uninstaller(cluster.restricted(), GONE_TIMEOUT);

    UninstallOutcome outcome = asRestrictedUser.uninstall(cluster.namespace(), NAME);

    assertThat(outcome.result()).isEqualTo(Result.REJECTED);
    assertThat(outcome.apiStatus()).isEqualTo(403);
    assertThat(outcome.runToRecord()).isEqualTo(Run.FAILED);
    assertThat(outcome.message()).contains(cluster.namespace() + "/" + NAME, "forbidden");
    assertThat(object(NAME).get().getMetadata().getResourceVersion())
        .isEqualTo(before.getMetadata().getResourceVersion());
  }

  @Test
  void aSecondUninstallOfTheSameReleaseWhileOneHoldsTheLockIsRefusedAtOnceWith409()
      throws Exception {
    create(NAME, "sha256:aa", false);
    AtomicReference<LlmServiceUninstaller> shared = new AtomicReference<>();
    AtomicReference<Throwable> second = new AtomicReference<>();
    shared.set(
        uninstaller(
            () -> {
              // Another request thread; were it queued behind the lock, this would time out.
              CompletableFuture<UninstallOutcome> concurrent =
                  CompletableFuture.supplyAsync(
                      () -> shared.get().uninstall(cluster.namespace(), NAME));
              try {
                concurrent.get(10, TimeUnit.SECONDS);
              } catch (ExecutionException e) {
                second.set(e.getCause());
              } catch (Exception e) {
                second.set(e);
              }
            }));

    UninstallOutcome first = shared.get().uninstall(cluster.namespace(), NAME);

    assertThat(second.get())
        .isInstanceOfSatisfying(
            DeployException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(ErrorStatus.of(e.kind())).isEqualTo(409);
              assertThat(e.getMessage()).contains(cluster.namespace() + "/" + NAME);
            });
    assertThat(first.result()).isEqualTo(Result.UNINSTALLED);
  }

  @Test
  void aDeleteRefusedByAnAdmissionPolicyIsRejectedWithTheServersStatusAndTheObjectIsUnchanged() {
    LlmService before = create(NAME, "sha256:aa", true);
    String ns = cluster.namespace();
    List<HasMetadata> policy = DeleteFreeze.install(admin(), ns);
    try {
      DeleteFreeze.awaitEffective(admin(), ns, NAME);

      UninstallOutcome outcome = uninstall(() -> {});

      assertThat(outcome.result()).isEqualTo(Result.REJECTED);
      assertThat(outcome.apiStatus()).isIn(403, 422);
      assertThat(outcome.message()).contains(DeleteFreeze.MESSAGE);
      assertThat(outcome.runToRecord()).isEqualTo(Run.FAILED);
      LlmService after = object(NAME).get();
      assertThat(after.getMetadata().getUid()).isEqualTo(before.getMetadata().getUid());
      assertThat(after.getMetadata().getResourceVersion())
          .isEqualTo(before.getMetadata().getResourceVersion());
      assertThat(after.getMetadata().getDeletionTimestamp()).isNull();
      assertThat(after.getSpec()).isEqualTo(before.getSpec());
    } finally {
      DeleteFreeze.remove(admin(), policy);
      // The finalizer would otherwise hold the namespace's deletion.
      object(NAME)
          .edit(
              o -> {
                o.getMetadata().setFinalizers(List.of());
                return o;
              });
    }
  }
}
