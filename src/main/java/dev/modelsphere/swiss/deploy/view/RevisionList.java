package dev.modelsphere.swiss.deploy.view;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import java.util.List;

/**
 * The answer of {@code GET /api/releases/{namespace}/{release}/revisions} (reference server.md
 * §3.17): what the release can be rolled back to, newest first.
 */
public record RevisionList(String release, String namespace, List<Revision> revisions) {

  public RevisionList {
    revisions = List.copyOf(revisions);
  }

  /**
   * One revision.
   *
   * @param chart {@code <name>-<version>}
   * @param planHash the hash of the plan that produced it, when known
   * @param current it is the revision running now
   */
  public record Revision(
      int revision,
      @JsonInclude(Include.NON_EMPTY) String model,
      @JsonInclude(Include.NON_EMPTY) String version,
      @JsonInclude(Include.NON_EMPTY) String variant,
      @JsonInclude(Include.NON_EMPTY) String chart,
      @JsonInclude(Include.NON_EMPTY) String planHash,
      @JsonInclude(Include.NON_DEFAULT) boolean current) {

    static Revision bare(int revision, String planHash, boolean current) {
      return new Revision(revision, "", "", "", "", planHash, current);
    }
  }
}
