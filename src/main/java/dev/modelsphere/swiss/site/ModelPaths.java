package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;
import java.util.List;
import java.util.Map;

/**
 * Where model weights live on the site's nodes. The catalog names a model by its Hugging Face
 * identity; the site decides the path.
 *
 * @param pathTemplate a path with the placeholders {@code {{hf}}}, {@code {{org}}}, {@code
 *     {{name}}} and {@code {{model}}}
 * @param overrides catalog model name to a path used verbatim instead of the template
 */
public record ModelPaths(
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String pathTemplate,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> overrides) {

  private static final List<String> PLACEHOLDERS =
      List.of("{{hf}}", "{{org}}", "{{name}}", "{{model}}");

  public ModelPaths {
    pathTemplate = Nulls.orEmpty(pathTemplate);
    overrides = Nulls.map(overrides);
  }

  public static ModelPaths none() {
    return new ModelPaths("", Map.of());
  }

  /**
   * The local path of a model's weights.
   *
   * @param hf the Hugging Face id, {@code org/name}
   * @param modelName the catalog entry's name, which is also the key of {@link #overrides}
   */
  public String localPath(String hf, String modelName) {
    String override = modelName == null ? null : overrides.get(modelName);
    if (override != null) {
      return override;
    }
    int slash = hf == null ? -1 : hf.indexOf('/');
    if (slash < 0) {
      throw new ProfileException("source.hf \"" + hf + "\" is not org/name");
    }
    Map<String, String> values =
        Map.of(
            "{{hf}}", hf,
            "{{org}}", hf.substring(0, slash),
            "{{name}}", hf.substring(slash + 1),
            "{{model}}", Nulls.orEmpty(modelName));
    String path = expand(pathTemplate, values);
    if (path.contains("{{")) {
      throw new ProfileException(
          "model.pathTemplate \""
              + pathTemplate
              + "\" has an unknown placeholder; known are "
              + String.join(", ", PLACEHOLDERS));
    }
    return path;
  }

  /** One left-to-right pass: a substituted value is never itself expanded. */
  private static String expand(String template, Map<String, String> values) {
    StringBuilder out = new StringBuilder(template.length() + 32);
    int i = 0;
    while (i < template.length()) {
      String placeholder = placeholderAt(template, i);
      if (placeholder == null) {
        out.append(template.charAt(i++));
      } else {
        out.append(values.get(placeholder));
        i += placeholder.length();
      }
    }
    return out.toString();
  }

  private static String placeholderAt(String template, int i) {
    // Every placeholder starts with a brace; most characters of a path are not one.
    if (template.charAt(i) != '{') {
      return null;
    }
    for (String p : PLACEHOLDERS) {
      if (template.startsWith(p, i)) {
        return p;
      }
    }
    return null;
  }
}
