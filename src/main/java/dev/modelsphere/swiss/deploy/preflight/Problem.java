package dev.modelsphere.swiss.deploy.preflight;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One thing that stops a plan from being deployed.
 *
 * @param rule the {@link PreflightRule#name()} that found it
 * @param field the values path or request field it concerns ({@code modelRoute.nginx.route}, {@code
 *     serviceId}, {@code release}, {@code namespace}, {@code gpuProducts}), so a form can show it
 *     beside that field; "" when it concerns no one field
 * @param message what is wrong and what to do about it
 */
@JsonPropertyOrder({"rule", "field", "message"})
public record Problem(String rule, String field, String message) {
  public Problem {
    rule = rule == null ? "" : rule;
    field = field == null ? "" : field;
    message = message == null ? "" : message;
  }

  /** {@code rule: message}, as a warning line in a diff. */
  @Override
  public String toString() {
    return "%s: %s".formatted(rule, message);
  }
}
