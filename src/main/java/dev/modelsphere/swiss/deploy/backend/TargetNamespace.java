package dev.modelsphere.swiss.deploy.backend;

import static dev.modelsphere.swiss.error.ErrorKind.CONFLICT;
import static dev.modelsphere.swiss.error.ErrorKind.FAILED;

import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.plan.Plan;

/** The namespace a plan deploys into, checked, and created, the same way by both backends. */
public final class TargetNamespace {
  private final Kube kube;
  private final NamespaceLabels labels;

  /**
   * @param labels what a namespace swiss creates is labelled with; one that exists is left as it is
   */
  public TargetNamespace(Kube kube, NamespaceLabels labels) {
    this.kube = kube;
    this.labels = labels;
  }

  /**
   * Nothing is written into a namespace that does not exist unless the plan asks to create it:
   * {@code createNamespace} is part of the plan, so a reviewer sees it before it happens.
   */
  public void require(Plan plan) {
    String ns = plan.release().namespace();
    try {
      if (plan.createNamespace()) {
        kube.ensureNamespace(ns, labels.forNewNamespace());
      } else if (!kube.namespaceExists(ns)) {
        throw new DeployException(
            CONFLICT,
            ("namespace %s does not exist, nothing applied: compose the plan again with"
                    + " createNamespace (swiss: --create-namespace) and write that plan to have it"
                    + " created, or ask an admin for it; createNamespace has to be in the plan,"
                    + " setting it on the write does nothing")
                .formatted(ns));
      }
    } catch (KubeException e) {
      throw new DeployException(
          FAILED, "namespace not created, nothing applied: %s".formatted(e.getMessage()), e);
    }
  }
}
