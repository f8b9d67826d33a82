console.log("swiss test bundle");
