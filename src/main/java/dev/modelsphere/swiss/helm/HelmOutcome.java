package dev.modelsphere.swiss.helm;

/**
 * What an install or upgrade produced: helm's new revision, its status, how it applied the objects
 * ({@code ssa} server-side, {@code csa} client-side, as Helm 4 records it) and its notes.
 */
public record HelmOutcome(int revision, String status, String applyMethod, String output) {

  public HelmOutcome {
    status = status == null ? "" : status;
    applyMethod = applyMethod == null ? "" : applyMethod;
    output = output == null ? "" : output;
  }
}
