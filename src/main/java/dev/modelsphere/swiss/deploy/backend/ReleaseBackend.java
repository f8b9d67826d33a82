package dev.modelsphere.swiss.deploy.backend;

import dev.modelsphere.swiss.deploy.helmbackend.HelmDeployer;
import dev.modelsphere.swiss.deploy.llmservicebackend.LlmServiceBackend;
import dev.modelsphere.swiss.plan.Plan;
import java.util.List;
import java.util.Map;

/**
 * One way swiss keeps releases: helm releases with their plan beside them ({@link HelmDeployer}),
 * or LLMService objects reconciled by an operator ({@link LlmServiceBackend}). It writes the
 * release and, through its {@link ReleaseReads}, answers every read of it, so no caller asks which
 * one it holds: {@link Backends} is the one place that knows there are two and picks the one a
 * release belongs to.
 *
 * <p>Every method throws {@link DeployException}: a refusal before anything was written, or a
 * failure after the write reached the cluster ({@link DeployException#recorded()}).
 */
public interface ReleaseBackend {

  /** The name of the helm backend, as answers and the config's {@code applyWith} spell it. */
  String HELM = "helm";

  /** The name of the LLMService backend. */
  String LLMSVC = "llmsvc";

  /** Installs ({@link Mode#INSTALL}) or upgrades ({@link Mode#UPGRADE}) the release to the plan. */
  ApplyResult apply(Plan plan, Mode mode, ApplyOptions options);

  /**
   * Re-applies the plan {@code toRevision} was deployed from as a new revision, provided the live
   * revision is still {@code expectRevision}.
   */
  ApplyResult rollback(String ns, String release, Rollback request);

  /**
   * Takes a release installed without swiss into its keeping with {@code plan}, provided the plan's
   * diff against it is empty: writes what swiss keeps beside a release and changes nothing in it.
   */
  ApplyResult adopt(Plan plan, ApplyOptions options);

  /**
   * The objects an apply of {@code plan} sends to the API server, as trees: what preflight's dry
   * run sends first. Nothing is written.
   *
   * @throws dev.modelsphere.swiss.helm.HelmException when the plan does not render
   * @throws DeployException when the plan cannot be made into this backend's objects
   */
  List<Map<String, Object>> objects(Plan plan);

  /** Removes the release and what swiss kept beside it. */
  UninstallResult uninstall(String ns, String release);

  /** How this backend reads the releases it keeps. */
  ReleaseReads reads();
}
