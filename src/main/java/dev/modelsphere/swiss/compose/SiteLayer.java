package dev.modelsphere.swiss.compose;

import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.values.Tree;
import java.util.Map;

/** The site layer: what makes a model work on this cluster, taken from the site profile. */
final class SiteLayer {
  private SiteLayer() {}

  static Map<String, Object> build(Profile profile, Variant variant) {
    Map<String, Object> layer = Tree.empty();
    String mirror = profile.registry().mirror();
    if (variant.image() != null && mirror != null && !mirror.isEmpty()) {
      Tree.set(layer, "image.repository", profile.mirrorImage(variant.image().repository()));
    }
    // A disabled cache writes nothing: not every chart version has the section, and chart
    // schemas refuse keys they do not know.
    if (profile.cache().enabled()) {
      Tree.set(layer, "cache.enabled", true);
      setIfPresent(layer, "cache.hostPath", profile.cache().hostPath());
    }
    setIfPresent(layer, "scaler.serverAddress", profile.scaler().serverAddress());
    Map<String, String> headers = profile.scaler().serverHeaders();
    if (headers != null && !headers.isEmpty()) {
      Tree.set(layer, "scaler.serverHeaders", Tree.copy(headers));
    }
    setIfPresent(layer, "modelRoute.nginx.outputConfigMap", profile.route().nginxConfigMap());
    setIfPresent(layer, "modelRoute.nginx.service", profile.route().nginxService());
    setIfPresent(layer, "modelRoute.nginx.selector", profile.route().nginxSelector());
    setIfPresent(layer, "modelRoute.monitor.outputConfigMap", profile.route().monitorConfigMap());
    Tree.merge(layer, profile.extra());
    return layer;
  }

  private static void setIfPresent(Map<String, Object> tree, String path, String value) {
    if (value != null && !value.isEmpty()) {
      Tree.set(tree, path, value);
    }
  }
}
