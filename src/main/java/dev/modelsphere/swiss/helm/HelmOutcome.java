package dev.modelsphere.swiss.helm;

/** What an install or upgrade produced: helm's new revision, its status and its notes. */
public record HelmOutcome(int revision, String status, String output) {

  public HelmOutcome {
    status = status == null ? "" : status;
    output = output == null ? "" : output;
  }
}
