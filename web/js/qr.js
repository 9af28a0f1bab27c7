// QR codes for invitations and answers: drawn with uqr, read from a camera or a photo with the
// browser's BarcodeDetector where it has one, else with jsQR. Both libraries are vendored
// (dist/vendor/, licences beside them) and loaded only when a QR code is shown or read.
import { element, button } from "./ui.js";

const vendor = (name) => new URL(`../vendor/${name}`, import.meta.url).href;

/** A QR code of `text` as an SVG picture (filled in once the encoder has loaded), sized to its
 * modules: a long link's code (1,200 characters: some 120 modules) drawn in a fixed square left
 * each module a pixel and a half on a desktop screen, where a real reader failed. Each module
 * gets whole CSS pixels (3 on a screen of 1 device pixel per CSS pixel, 2 on denser ones; the
 * stylesheet's --qr-module), as wide as the column allows, and "Show bigger" doubles it. */
export function qrPicture(text, label) {
  const figure = element("figure", { class: "qr", "data-qr": text, role: "img", "aria-label": label });
  const bigger = button("Show bigger", () => {
    const big = box.classList.toggle("qr-big");
    bigger.textContent = big ? "Show smaller" : "Show bigger";
    bigger.setAttribute("aria-pressed", String(big));
    if (big) figure.scrollIntoView({ block: "nearest" });
    // In a dialog, Esc first makes an enlarged code small again: it does not close the dialog.
    const dialog = box.closest("dialog");
    if (big && dialog && !dialog.dataset.qrEscape) {
      dialog.dataset.qrEscape = "1";
      dialog.addEventListener("cancel", (event) => {
        const enlarged = dialog.querySelector(".qr-big .qr-size");
        if (!enlarged) return;
        event.preventDefault();
        enlarged.click();
      });
    }
  }, { small: true, class: "button small qr-size", "aria-pressed": "false" });
  const box = element("div", { class: "qr-box" }, figure, bigger);
  import(vendor("uqr.mjs")).then(({ encode }) => {
    const { size, data } = encode(text, { ecc: "L", border: 2 });
    const dark = [];
    data.forEach((row, y) => row.forEach((on, x) => on && dark.push(`M${x} ${y}h1v1h-1z`)));
    box.style.setProperty("--qr-modules", String(size));
    // The HTML parser puts <svg> in the SVG namespace; the markup holds only numbers.
    figure.innerHTML = `<svg viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">`
      + `<rect width="${size}" height="${size}" fill="#fff"/><path d="${dark.join("")}"/></svg>`;
  }).catch((error) => box.replaceChildren(element("p", { class: "hint" }, `No QR code: ${error.message}`)));
  return box;
}

let jsQR = null;
function loadJsQR() {
  jsQR ??= new Promise((resolve, reject) => {
    const script = element("script", { src: vendor("jsQR.js") });
    script.addEventListener("load", () => (window.jsQR ? resolve(window.jsQR) : reject(new Error("the QR reader did not load"))));
    script.addEventListener("error", () => reject(new Error("the QR reader could not be loaded")));
    document.head.append(script);
  });
  return jsQR;
}

/** The text of a QR code seen in a picture (canvas), or null when none is found. */
async function readCanvas(canvas) {
  if ("BarcodeDetector" in window) {
    try {
      const formats = await window.BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const [code] = await new window.BarcodeDetector({ formats: ["qr_code"] }).detect(canvas);
        return code?.rawValue ?? null;
      }
    } catch { /* fall back to jsQR */ }
  }
  const decode = await loadJsQR();
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  return decode(data, canvas.width, canvas.height)?.data || null;
}

function canvasOf(source, width, height) {
  const scale = Math.min(1, 1000 / Math.max(width, height)); // large photos: enough to read, not slow
  const canvas = element("canvas", { width: Math.round(width * scale), height: Math.round(height * scale) });
  canvas.getContext("2d", { willReadFrequently: true }).drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * Buttons to read a QR code: with the camera, or from a photo or screenshot. onCode(text) gets
 * the first code read; problems are said in words next to the buttons.
 */
export function qrReader(onCode, { what = "code" } = {}) {
  const status = element("output", { class: "hint qr-status", "aria-live": "polite" });
  const video = element("video", { class: "qr-video", playsinline: true, muted: true, hidden: true });
  let stream = null;
  const stop = () => {
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
    video.hidden = true;
  };
  const found = (text) => {
    stop();
    status.textContent = `Read the ${what}.`;
    onCode(text);
  };
  const camera = button("Scan with the camera", async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      status.textContent = "This browser cannot use a camera here. Use a photo, or paste the code.";
      return;
    }
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    } catch (error) {
      status.textContent = `No camera: ${error.message}. Use a photo, or paste the code.`;
      return;
    }
    video.srcObject = stream;
    video.hidden = false;
    await video.play().catch(() => {});
    status.textContent = `Point the camera at the ${what}…`;
    const look = async () => {
      if (!stream || !video.isConnected) return stop();
      if (video.videoWidth) {
        const text = await readCanvas(canvasOf(video, video.videoWidth, video.videoHeight)).catch(() => null);
        if (text) return found(text);
      }
      setTimeout(look, 150);
    };
    look();
  }, { small: true, class: "button small qr-camera" });
  const photo = element("input", { type: "file", accept: "image/*", class: "qr-photo", "aria-label": `A photo of the ${what}` });
  photo.addEventListener("change", async () => {
    const [file] = photo.files;
    photo.value = "";
    if (!file) return;
    try {
      const bitmap = await createImageBitmap(file);
      const text = await readCanvas(canvasOf(bitmap, bitmap.width, bitmap.height));
      if (text) found(text);
      else status.textContent = `No QR code found in that picture. Try a sharper one, or paste the ${what}.`;
    } catch (error) {
      status.textContent = `That picture could not be read: ${error.message}`;
    }
  });
  const box = element("div", { class: "qr-reader" },
    element("div", { class: "row" }, camera, element("label", { class: "button small" }, "From a photo…", photo)),
    video, status);
  box.stop = stop;
  return box;
}
