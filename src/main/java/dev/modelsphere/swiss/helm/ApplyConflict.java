package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.error.ErrorKind;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A server-side apply that would take fields another field manager owns: refused by the API server
 * unless the apply forces conflicts. Nothing of the release changed.
 */
public final class ApplyConflict extends HelmException {

  private final List<FieldConflict> conflicts;

  public ApplyConflict(String doing, List<FieldConflict> conflicts, Throwable cause) {
    super(
        ErrorKind.CONFLICT,
        "%s: %s; apply with --force-conflicts (forceConflicts in the API) to take %s"
            .formatted(
                doing,
                conflicts.stream()
                    .map(FieldConflict::describe)
                    .collect(Collectors.joining(", ", "conflicts with other field managers: ", "")),
                conflicts.size() == 1 ? "the field" : "the fields"),
        cause);
    this.conflicts = List.copyOf(conflicts);
  }

  public List<FieldConflict> conflicts() {
    return conflicts;
  }
}
