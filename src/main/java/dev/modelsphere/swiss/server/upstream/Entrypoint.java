package dev.modelsphere.swiss.server.upstream;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A release's route on the site's entrypoint and the headers to call it with.
 *
 * @param baseUrl the route's URL, {@code <service address>/<route>}, without a trailing slash
 * @param headers by canonical name, sorted
 * @param credentialHeader the header carrying the API key; empty when none is sent
 * @param credentialShown what a shown request prints for that header instead of the key
 */
public record Entrypoint(
    String baseUrl,
    SortedMap<String, String> headers,
    String credentialHeader,
    String credentialShown) {

  /** The shell variable a shown request leaves the API key as. */
  public static final String API_KEY_VARIABLE = "$SWISS_API_KEY";

  static final String JSON = "application/json";

  public Entrypoint {
    headers = new TreeMap<>(headers);
  }

  public String url(String path) {
    return baseUrl + path;
  }

  /**
   * The names of the headers a call sends, sorted: enough to tell a missing key from a wrong one.
   */
  public List<String> sentHeaders() {
    return List.copyOf(headers.keySet());
  }

  /** The headers as a call sends them: with the JSON content type when it has a body. */
  private SortedMap<String, String> headersFor(String jsonBody) {
    SortedMap<String, String> sent = new TreeMap<>(headers);
    if (jsonBody != null) {
      sent.put("Content-Type", JSON);
    }
    return sent;
  }

  /**
   * The call as a curl command line to run from a pod in the cluster. The API key is a shell
   * variable in double quotes, so the shell expands it; every other part is single-quoted.
   *
   * @param jsonBody the body sent; null for none
   */
  public String curl(String method, String url, String jsonBody) {
    StringBuilder line = new StringBuilder("curl -sS");
    if (!method.equals("GET")) {
      line.append(" -X ").append(method);
    }
    for (Map.Entry<String, String> header : headersFor(jsonBody).entrySet()) {
      String name = header.getKey();
      line.append(" -H ")
          .append(
              name.equals(credentialHeader)
                  ? Shell.doubleQuoted(name + ": " + credentialShown)
                  : Shell.singleQuoted(name + ": " + header.getValue()));
    }
    if (jsonBody != null) {
      line.append(" -d ").append(Shell.singleQuoted(jsonBody));
    }
    return line.append(' ').append(Shell.singleQuoted(url)).toString();
  }
}
