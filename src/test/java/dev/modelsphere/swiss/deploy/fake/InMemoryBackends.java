package dev.modelsphere.swiss.deploy.fake;

import dev.modelsphere.swiss.deploy.backend.BackendChoice;
import dev.modelsphere.swiss.deploy.backend.Backends;
import dev.modelsphere.swiss.deploy.backend.Mode;
import dev.modelsphere.swiss.deploy.backend.ReleaseBackend;
import dev.modelsphere.swiss.deploy.backend.ReleaseReads;

/**
 * The backends of a site with one backend, kept in memory: a release it holds is helm's, any other
 * is nobody's yet. It stands for {@code ClusterBackends} on a cluster without the LLMService API,
 * whose choice of owner {@code BackendChoiceTest} and {@code BackendResolverTest} prove.
 */
public final class InMemoryBackends implements Backends {
  private final InMemoryBackend helm;

  public InMemoryBackends(InMemoryBackend helm) {
    this.helm = helm;
  }

  @Override
  public ReleaseBackend writer(BackendChoice choice, Mode mode) {
    return helm;
  }

  @Override
  public BackendChoice choice(String ns, String release) {
    boolean held = helm.live(ns, release).exists();
    return new BackendChoice(held ? BackendChoice.Owner.HELM : BackendChoice.Owner.NONE, false);
  }

  @Override
  public ReleaseBackend owner(BackendChoice choice) {
    return helm;
  }

  @Override
  public ReleaseReads reads(String ns, String release) {
    return helm;
  }

  @Override
  public boolean managed(String ns, String release) {
    return choice(ns, release).managed();
  }
}
