package dev.modelsphere.swiss.deploy.llmservicebackend;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.writes.ReleaseLeases;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.kube.PlanConfigMapName;
import dev.modelsphere.swiss.kube.PreconditionedDelete;
import dev.modelsphere.swiss.llmsvc.LlmService;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Deletes an LLMService release without deleting anything the caller did not see (canary.md §6).
 * The delete carries the uid and resourceVersion that were read, so a replaced or re-applied object
 * is never removed by accident; the operator's finalizer then uninstalls the helm release and the
 * object goes. A release migrated from helm also has the plan ConfigMap it was deployed with
 * (cleanupPending); it is removed last, once the object is gone, so an uninstall that ends any
 * other way (a conflict, a 404, a refusal, a timeout) leaves it exactly as it was, with nothing to
 * restore, and one that dies in between leaves a record that still says what ran.
 *
 * <p>Every non-success the API server can answer comes back as an {@link UninstallOutcome}, which
 * says what to answer and what to record. A {@link DeployException} means the operation could not
 * be carried out at all: the release is busy, in this process or in another one holding its lease
 * ({@code CONFLICT}, nothing touched), the cluster did not answer ({@code UNAVAILABLE}), or the
 * object was accepted for deletion but did not go in time ({@code FAILED}).
 */
public final class LlmServiceUninstaller {
  private final KubernetesClient client;
  private final ReleaseLocks locks;
  private final ReleaseLeases leases;
  private final Duration goneTimeout;
  private final PreconditionedDelete delete;

  /**
   * @param leases the cluster-wide lock of a release, taken after {@code locks}, this process's own
   * @param goneTimeout how long to wait for the object to go once its delete was accepted
   */
  public LlmServiceUninstaller(
      KubernetesClient client,
      ReleaseLocks locks,
      ReleaseLeases leases,
      PreconditionedDelete delete,
      Duration goneTimeout) {
    this.client = client;
    this.locks = locks;
    this.leases = leases;
    this.delete = delete;
    this.goneTimeout = goneTimeout;
  }

  /**
   * Uninstalls the release behind {@code namespace/release}, holding its lock throughout and its
   * lease from the first delete until the object is gone.
   */
  public UninstallOutcome uninstall(String namespace, String release) {
    try (ReleaseLocks.Held held = locks.acquire(namespace, release, "uninstall")) {
      return new Attempt(namespace, release).run();
    }
  }

  /** One uninstall of one release, from the first read to the object being gone. */
  private final class Attempt {
    private final String namespace;
    private final String release;
    private final String ref;

    Attempt(String namespace, String release) {
      this.namespace = namespace;
      this.release = release;
      this.ref = namespace + "/" + release;
    }

    UninstallOutcome run() {
      try {
        return readAndDelete();
      } catch (ReadRefused e) {
        return UninstallOutcome.rejected(
            namespace,
            release,
            e.code,
            "the API server refused to let LLMService "
                + ref
                + " be read (HTTP "
                + e.code
                + "): "
                + e.getMessage()
                + "; nothing was deleted");
      }
    }

    private UninstallOutcome readAndDelete() {
      LlmService seen = read();
      if (seen == null) {
        return UninstallOutcome.notFound(
            namespace, release, "no LLMService " + ref + ": there is nothing to uninstall");
      }
      // The read needs no lease (the delete carries what it saw as preconditions); the delete
      // does, so that no other process installs or applies the release while it goes.
      try (ReleaseLeases.Held lease = leases.take(namespace, release, "uninstall")) {
        PreconditionedDelete.Answer answer = deleteIfStill(seen);
        if (answer.code() == 409) {
          return afterConflict(seen);
        }
        return settle(seen, answer);
      }
    }

    /** Step 5: the object moved since it was read; look once more and decide. */
    private UninstallOutcome afterConflict(LlmService seen) {
      LlmService now = read();
      if (now == null) {
        return goneBeforeUs();
      }
      String change = LlmServiceMoves.since(seen.getMetadata(), now.getMetadata());
      if (change != null) {
        return UninstallOutcome.conflict(
            namespace,
            release,
            "LLMService "
                + ref
                + " "
                + change
                + " after it was read; nothing was deleted: look at it again and retry if it"
                + " should still go");
      }
      PreconditionedDelete.Answer retry = deleteIfStill(now);
      if (retry.code() == 409) {
        return UninstallOutcome.conflict(
            namespace,
            release,
            "LLMService "
                + ref
                + " kept changing while it was being deleted (two precondition failures);"
                + " nothing was deleted: retry the uninstall");
      }
      return settle(now, retry);
    }

    /** Steps 3, 4 and 6 for a delete answer other than a conflict. */
    private UninstallOutcome settle(LlmService deleted, PreconditionedDelete.Answer answer) {
      if (answer.accepted()) {
        awaitGone(deleted.getMetadata().getUid());
        return UninstallOutcome.uninstalled(namespace, release, removeMigratedPlan());
      }
      if (answer.code() == 404) {
        return goneBeforeUs();
      }
      return UninstallOutcome.rejected(
          namespace,
          release,
          answer.code(),
          "the API server refused to delete LLMService "
              + ref
              + " (HTTP "
              + answer.code()
              + "): "
              + answer.message());
    }

    /** Finishes a migration's clean-up; returns why it could not, empty when it did. */
    private String removeMigratedPlan() {
      String name = PlanConfigMapName.of(release).toString();
      try {
        client.configMaps().inNamespace(namespace).withName(name).delete();
        return "";
      } catch (KubernetesClientException e) {
        return "LLMService %s is gone, but its plan ConfigMap %s/%s was not removed: %s"
            .formatted(ref, namespace, name, e.getMessage());
      }
    }

    private UninstallOutcome goneBeforeUs() {
      return UninstallOutcome.notFound(
          namespace,
          release,
          "LLMService " + ref + " was removed by someone else while this uninstall ran");
    }

    private PreconditionedDelete.Answer deleteIfStill(LlmService seen) {
      try {
        return delete.send(seen);
      } catch (KubeException e) {
        throw new DeployException(
            ErrorKind.UPSTREAM_FAILED,
            "%s; nothing is known to be deleted, look again".formatted(e.getMessage()),
            e);
      }
    }

    /** The object, or null when there is none; a refusal (403, say) is a {@link ReadRefused}. */
    private LlmService read() {
      try {
        return resource().get();
      } catch (KubernetesClientException e) {
        if (e.getCode() >= 400 && e.getCode() < 500) {
          throw new ReadRefused(e.getCode(), e.getMessage(), e);
        }
        throw new DeployException(
            ErrorKind.UPSTREAM_FAILED,
            "could not read LLMService " + ref + ": " + e.getMessage() + "; nothing was deleted",
            e);
      }
    }

    /** Waits until no object with this uid is left under the name; a new one may take its place. */
    private void awaitGone(String uid) {
      try {
        resource()
            .waitUntilCondition(
                o -> o == null || !uid.equals(o.getMetadata().getUid()),
                goneTimeout.toMillis(),
                TimeUnit.MILLISECONDS);
      } catch (KubernetesClientTimeoutException e) {
        throw new DeployException(
            ErrorKind.FAILED,
            "LLMService "
                + ref
                + " was accepted for deletion but is still there after "
                + goneTimeout
                + "; its operator's finalizer has not finished uninstalling release "
                + release
                + ": look at the operator's logs and the object's status",
            e);
      } catch (KubernetesClientException e) {
        throw new DeployException(
            ErrorKind.FAILED,
            "LLMService "
                + ref
                + " was accepted for deletion, but watching it go failed: "
                + e.getMessage()
                + "; look whether release "
                + release
                + " is still there",
            e);
      }
    }

    private Resource<LlmService> resource() {
      return client.resources(LlmService.class).inNamespace(namespace).withName(release);
    }
  }

  /** The API server answered a read with a refusal; the uninstall stops before any delete. */
  private static final class ReadRefused extends RuntimeException {
    private final int code;

    ReadRefused(int code, String message, Throwable cause) {
      super(message, cause);
      this.code = code;
    }
  }
}
