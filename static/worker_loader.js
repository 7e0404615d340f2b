// Starts the engine worker: wasm-bindgen's glue first, then the module, passed in the one
// options object its current initialiser takes (the bare path is deprecated and warns).
importScripts("./worker.js");
wasm_bindgen({ module_or_path: "./worker_bg.wasm" });
