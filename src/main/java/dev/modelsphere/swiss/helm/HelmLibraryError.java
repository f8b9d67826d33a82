package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.kube.ObjectRefusal;
import java.util.ArrayList;
import java.util.List;

/** A failure the Helm library reported, with its kind and, for a conflict, the fields. */
final class HelmLibraryError extends RuntimeException {

  enum Kind {
    CONFLICT,
    /** The API server refused objects as invalid; {@link #refusals()} names them. */
    INVALID,
    NOT_FOUND,
    /** The API server did not begin to answer a request within the call's silence limit. */
    SILENT,
    FAILED
  }

  private final Kind kind;
  private final List<FieldConflict> conflicts;
  private final List<ObjectRefusal> refusals;

  private HelmLibraryError(
      Kind kind, String message, List<FieldConflict> conflicts, List<ObjectRefusal> refusals) {
    super(message);
    this.kind = kind;
    this.conflicts = List.copyOf(conflicts);
    this.refusals = List.copyOf(refusals);
  }

  static HelmLibraryError of(JsonNode error) {
    Kind kind =
        switch (error.path("kind").asText()) {
          case "conflict" -> Kind.CONFLICT;
          case "invalid" -> Kind.INVALID;
          case "notFound" -> Kind.NOT_FOUND;
          case "silent" -> Kind.SILENT;
          default -> Kind.FAILED;
        };
    List<FieldConflict> conflicts = new ArrayList<>();
    for (JsonNode c : error.path("conflicts")) {
      conflicts.add(
          new FieldConflict(
              c.path("object").asText(), c.path("field").asText(), c.path("manager").asText()));
    }
    List<ObjectRefusal> refusals = new ArrayList<>();
    for (JsonNode r : error.path("refusals")) {
      refusals.add(
          new ObjectRefusal(
              r.path("object").asText(), r.path("field").asText(), r.path("message").asText()));
    }
    return new HelmLibraryError(kind, error.path("message").asText(), conflicts, refusals);
  }

  Kind kind() {
    return kind;
  }

  List<FieldConflict> conflicts() {
    return conflicts;
  }

  List<ObjectRefusal> refusals() {
    return refusals;
  }
}
