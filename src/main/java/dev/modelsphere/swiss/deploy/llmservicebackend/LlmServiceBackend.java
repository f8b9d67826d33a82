package dev.modelsphere.swiss.deploy.llmservicebackend;

import dev.modelsphere.swiss.deploy.backend.ApplyOptions;
import dev.modelsphere.swiss.deploy.backend.ApplyResult;
import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.ReleaseBackend;
import dev.modelsphere.swiss.deploy.backend.Rollback;
import dev.modelsphere.swiss.deploy.backend.UninstallResult;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.plan.Plan;
import java.util.List;
import java.util.Map;

/**
 * LLMService releases as a {@link ReleaseBackend}: writes through {@link LlmServiceDeployer}, the
 * guarded delete through {@link LlmServiceUninstaller}, whose outcomes it turns into the answers
 * every backend gives, and reads through {@link LlmServiceReads}.
 */
public final class LlmServiceBackend implements ReleaseBackend {
  private final LlmServiceDeployer deployer;
  private final LlmServiceUninstaller uninstaller;
  private final LlmServiceReads reads;

  public LlmServiceBackend(
      LlmServiceDeployer deployer, LlmServiceUninstaller uninstaller, LlmServiceReads reads) {
    this.deployer = deployer;
    this.uninstaller = uninstaller;
    this.reads = reads;
  }

  @Override
  public ApplyResult apply(Plan plan, Mode mode, ApplyOptions options) {
    return deployer.apply(plan, mode, options);
  }

  @Override
  public ApplyResult rollback(String ns, String release, Rollback request) {
    // LLMService releases install no chart archive: forceChart has nothing to go past.
    return deployer.rollback(
        ns, release, request.toRevision(), request.expectRevision(), request.note());
  }

  /** The one object an LLMService release is. */
  @Override
  public List<Map<String, Object>> objects(Plan plan) {
    return List.of(deployer.object(plan));
  }

  /** An LLMService is already kept: by its operator, and by swiss when swiss wrote it. */
  @Override
  public ApplyResult adopt(Plan plan, ApplyOptions options) {
    throw new DeployException(
        ErrorKind.CONFLICT,
        ("release %s/%s is an LLMService, which its operator keeps; only a helm release installed"
                + " by hand can be adopted, and nothing was written")
            .formatted(plan.release().namespace(), plan.release().name()));
  }

  /** canary.md §6: only the object that was read is deleted, once its operator let go. */
  @Override
  public UninstallResult uninstall(String ns, String release) {
    UninstallOutcome outcome = uninstaller.uninstall(ns, release);
    return switch (outcome.result()) {
      case UNINSTALLED ->
          new UninstallResult(ns, release, deletedOutput(ns, release), outcome.planError());
      case NOT_FOUND -> throw new DeployException(ErrorKind.NOT_FOUND, outcome.message());
      case CONFLICT -> throw new DeployException(ErrorKind.CONFLICT, outcome.message());
      case REJECTED ->
          throw DeployException.refusedByCluster(
              refusalKind(outcome.apiStatus()), outcome.message());
    };
  }

  static String deletedOutput(String ns, String release) {
    return "deleted LLMService %s/%s".formatted(ns, release);
  }

  /**
   * What the API server's refusal of a delete means. An admission policy answers 422 or 403 for the
   * same denial, so both are the cluster forbidding it.
   */
  static ErrorKind refusalKind(int apiStatus) {
    return switch (apiStatus) {
      case 401, 403, 422 -> ErrorKind.FORBIDDEN;
      case 400 -> ErrorKind.INVALID;
      case 404 -> ErrorKind.NOT_FOUND;
      case 409 -> ErrorKind.CONFLICT;
      default -> ErrorKind.UPSTREAM_FAILED;
    };
  }

  @Override
  public LlmServiceReads reads() {
    return reads;
  }
}
