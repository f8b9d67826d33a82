package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.kube.ObjectRefusal;
import java.util.List;

/**
 * The Helm library's answer, the Java twin of {@code Answer} in {@code native/helm/calls.go}: a
 * result (one of {@link LibraryResults}, by operation) or an error.
 */
record LibraryAnswer(JsonNode result, LibraryAnswer.Failure error) {

  /**
   * A failure as the library classified it, the twin of {@code Error} in {@code errors.go}.
   *
   * @param kind how the library classified it, by the error's type ({@link HelmLibraryError.Kind})
   * @param conflicts the fields another manager owns, for a conflict
   * @param refusals the objects the API server refused, for an invalid apply
   */
  record Failure(
      String kind, String message, List<FieldConflict> conflicts, List<ObjectRefusal> refusals) {

    Failure {
      message = message == null ? "" : message;
      conflicts = conflicts == null ? List.of() : List.copyOf(conflicts);
      refusals = refusals == null ? List.of() : List.copyOf(refusals);
    }
  }
}
