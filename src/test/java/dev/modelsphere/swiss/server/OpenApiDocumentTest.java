package dev.modelsphere.swiss.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.testing.UnreachableApiServer;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code docs/openapi.yaml} against the server's real route table, and as a valid document. */
class OpenApiDocumentTest {
  @TempDir Path dir;

  @Test
  void theDocumentAndTheRouteTableNameTheSameOperations() {
    TestServer server =
        TestServer.start(
            dir,
            "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ./auth\n",
            UnreachableApiServer.client());
    List<String> routes;
    try {
      // Javalin writes a path parameter that may hold slashes as <name>; OpenAPI has only {name}.
      routes =
          server.server().routeTable().stream()
              .map(r -> r.replace('<', '{').replace('>', '}'))
              .toList();
    } finally {
      server.close();
    }

    assertThat(OpenApiContract.get().operations())
        .as("operations the document describes but no route serves, or the reverse")
        .containsExactlyInAnyOrderElementsOf(routes);
  }

  @Test
  void theDocumentParsesAndEveryReferenceResolves() {
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    options.setResolveFully(true);

    SwaggerParseResult result =
        new OpenAPIParser()
            .readLocation(OpenApiContract.DOCUMENT.toUri().toString(), null, options);

    assertThat(result.getMessages()).isEmpty();
    assertThat(result.getOpenAPI().getOpenapi()).startsWith("3.1");
    assertThat(result.getOpenAPI().getPaths()).containsKey("/api/runs/{id}");
  }
}
