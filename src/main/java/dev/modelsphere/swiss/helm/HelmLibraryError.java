package dev.modelsphere.swiss.helm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** A failure the Helm library reported, with its kind and, for a conflict, the fields. */
final class HelmLibraryError extends RuntimeException {

  enum Kind {
    CONFLICT,
    NOT_FOUND,
    /** The API server did not begin to answer a request within the call's silence limit. */
    SILENT,
    FAILED
  }

  private final Kind kind;
  private final List<FieldConflict> conflicts;

  private HelmLibraryError(Kind kind, String message, List<FieldConflict> conflicts) {
    super(message);
    this.kind = kind;
    this.conflicts = List.copyOf(conflicts);
  }

  static HelmLibraryError of(JsonNode error) {
    Kind kind =
        switch (error.path("kind").asText()) {
          case "conflict" -> Kind.CONFLICT;
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
    return new HelmLibraryError(kind, error.path("message").asText(), conflicts);
  }

  Kind kind() {
    return kind;
  }

  List<FieldConflict> conflicts() {
    return conflicts;
  }
}
