package dev.modelsphere.swiss.deploy.preflight;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.modelsphere.swiss.error.ErrorKind;

/**
 * One thing that stops a plan from being deployed.
 *
 * @param rule the {@link PreflightRule#name()} that found it
 * @param field the values path or request field it concerns ({@code modelRoute.nginx.route}, {@code
 *     serviceId}, {@code release}, {@code namespace}, {@code gpuProducts}), so a form can show it
 *     beside that field; for an object the API server refuses, the object's field it named ({@code
 *     metadata.name}); "" when it concerns no one field
 * @param message what is wrong and what to do about it
 * @param kind what kind of refusal it makes of a write, set by the rule that found it: {@link
 *     ErrorKind#INVALID} when the request must change (sent again unchanged, it is refused again),
 *     {@link ErrorKind#CONFLICT} when the cluster's state stops it and may change. Not part of the
 *     answer's problem, whose status says it.
 */
@JsonPropertyOrder({"rule", "field", "message"})
public record Problem(String rule, String field, String message, @JsonIgnore ErrorKind kind) {
  public Problem {
    rule = rule == null ? "" : rule;
    field = field == null ? "" : field;
    message = message == null ? "" : message;
    kind = kind == null ? ErrorKind.CONFLICT : kind;
  }

  /** A problem of the cluster's state: a conflict. */
  public Problem(String rule, String field, String message) {
    this(rule, field, message, ErrorKind.CONFLICT);
  }

  /** {@code rule: message}, as a warning line in a diff. */
  @Override
  public String toString() {
    return "%s: %s".formatted(rule, message);
  }
}
