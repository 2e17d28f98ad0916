// Camera ruler (/camera-ruler): a live camera image with a bank card outline for calibration
// (ISO/IEC 7810 ID-1: 85.6 x 53.98 mm), then a millimetre ruler at that scale. Plain JS, no framework.
(function () {
  'use strict';
  var CARD_W_MM = 85.6;
  var CARD_H_MM = 53.98;
  var STORAGE_KEY = 'camera-ruler-px-per-mm';

  var stage = document.getElementById('stage');
  var video = document.getElementById('video');
  var fallback = document.getElementById('fallback');
  var card = document.getElementById('card');
  var resize = document.getElementById('card-resize');
  var ruler = document.getElementById('ruler');
  var status = document.getElementById('status');
  var calibrateBtn = document.getElementById('calibrate');
  var recalibrateBtn = document.getElementById('recalibrate');
  var smallerBtn = document.getElementById('smaller');
  var largerBtn = document.getElementById('larger');

  var box = { x: 40, y: 40, w: 240 };
  var pxPerMm = null;
  var rulerY = 0.5;

  function clamp(v, lo, hi) {
    return Math.min(Math.max(v, lo), hi);
  }

  function layoutCard() {
    var sw = stage.clientWidth;
    var sh = stage.clientHeight;
    box.w = clamp(box.w, 60, Math.max(60, sw - 10));
    var h = box.w * (CARD_H_MM / CARD_W_MM);
    box.x = clamp(box.x, 0, Math.max(0, sw - box.w));
    box.y = clamp(box.y, 0, Math.max(0, sh - h));
    card.style.left = box.x + 'px';
    card.style.top = box.y + 'px';
    card.style.width = box.w + 'px';
    card.style.height = h + 'px';
  }

  function drawRuler() {
    if (!pxPerMm) return;
    var dpr = window.devicePixelRatio || 1;
    var w = stage.clientWidth;
    var h = 70;
    ruler.width = Math.round(w * dpr);
    ruler.height = Math.round(h * dpr);
    ruler.style.height = h + 'px';
    ruler.style.top = clamp(rulerY * stage.clientHeight - h / 2, 0, stage.clientHeight - h) + 'px';
    var ctx = ruler.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    ctx.fillStyle = 'rgba(251, 248, 243, 0.88)';
    ctx.fillRect(0, 0, w, h);
    ctx.strokeStyle = '#1d2b2d';
    ctx.fillStyle = '#1d2b2d';
    ctx.font = '12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    var x0 = 10;
    var mmCount = Math.floor((w - x0 - 5) / pxPerMm);
    var showMm = pxPerMm >= 2.5; // every millimetre only when ticks are far enough apart
    for (var mm = 0; mm <= mmCount; mm++) {
      var len = mm % 10 === 0 ? 30 : mm % 5 === 0 ? 20 : showMm ? 12 : 0;
      if (!len) continue;
      var x = Math.round(x0 + mm * pxPerMm) + 0.5;
      ctx.beginPath();
      ctx.moveTo(x, 0);
      ctx.lineTo(x, len);
      ctx.lineWidth = mm % 10 === 0 ? 1.5 : 1;
      ctx.stroke();
      if (mm % 10 === 0) ctx.fillText(String(mm / 10), x, 46);
    }
    ctx.textAlign = 'left';
    ctx.fillText('cm (ticks: mm)', x0, 64);
  }

  function showCalibrated() {
    card.hidden = true;
    smallerBtn.hidden = true;
    largerBtn.hidden = true;
    calibrateBtn.hidden = true;
    recalibrateBtn.hidden = false;
    ruler.hidden = false;
    status.textContent =
      'Scale: ' + pxPerMm.toFixed(2) + ' px per mm. Drag the ruler up or down; hold objects at the same distance as the card.';
    drawRuler();
  }

  function showCalibration() {
    pxPerMm = null;
    card.hidden = false;
    smallerBtn.hidden = false;
    largerBtn.hidden = false;
    calibrateBtn.hidden = false;
    recalibrateBtn.hidden = true;
    ruler.hidden = true;
    status.textContent = 'Match the outline to your card, then press Set scale.';
    layoutCard();
  }

  // Dragging: move the card, resize from its corner, slide the ruler.
  function drag(el, onMove) {
    el.addEventListener('pointerdown', function (e) {
      e.preventDefault();
      e.stopPropagation();
      el.setPointerCapture(e.pointerId);
      var start = { x: e.clientX, y: e.clientY };
      function move(ev) {
        onMove(ev.clientX - start.x, ev.clientY - start.y, ev);
        start = { x: ev.clientX, y: ev.clientY };
      }
      function up(ev) {
        el.removeEventListener('pointermove', move);
        el.removeEventListener('pointerup', up);
        el.removeEventListener('pointercancel', up);
        if (el.hasPointerCapture(ev.pointerId)) el.releasePointerCapture(ev.pointerId);
      }
      el.addEventListener('pointermove', move);
      el.addEventListener('pointerup', up);
      el.addEventListener('pointercancel', up);
    });
  }
  drag(card, function (dx, dy) {
    box.x += dx;
    box.y += dy;
    layoutCard();
  });
  drag(resize, function (dx) {
    box.w += dx;
    layoutCard();
  });
  drag(ruler, function (dx, dy) {
    rulerY = clamp(rulerY + dy / stage.clientHeight, 0, 1);
    drawRuler();
  });

  // Keyboard: arrows move the card, +/- resize it (Shift for bigger steps).
  card.tabIndex = 0;
  card.addEventListener('keydown', function (e) {
    var step = e.shiftKey ? 10 : 1;
    var moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[e.key]) {
      box.x += moves[e.key][0];
      box.y += moves[e.key][1];
    } else if (e.key === '+' || e.key === '=') box.w += step;
    else if (e.key === '-') box.w -= step;
    else return;
    e.preventDefault();
    layoutCard();
  });
  smallerBtn.addEventListener('click', function () {
    box.w -= 4;
    layoutCard();
  });
  largerBtn.addEventListener('click', function () {
    box.w += 4;
    layoutCard();
  });

  calibrateBtn.addEventListener('click', function () {
    pxPerMm = box.w / CARD_W_MM;
    try {
      localStorage.setItem(STORAGE_KEY, String(pxPerMm));
    } catch {
      /* storage unavailable */
    }
    showCalibrated();
  });
  recalibrateBtn.addEventListener('click', showCalibration);
  window.addEventListener('resize', function () {
    layoutCard();
    drawRuler();
  });

  function noCamera(message) {
    console.warn('Camera ruler: ' + message);
    fallback.hidden = false;
    video.hidden = true;
    status.textContent = 'No camera: the ruler works best over a live camera image.';
  }

  function startCamera() {
    if (!window.isSecureContext) return noCamera('needs HTTPS');
    if (!navigator.mediaDevices || typeof navigator.mediaDevices.getUserMedia !== 'function') return noCamera('camera API unavailable');
    var levels = [
      { video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false },
      { video: { facingMode: 'environment' }, audio: false },
      { video: true, audio: false },
    ];
    var i = 0;
    function next(lastError) {
      if (i >= levels.length) return noCamera(lastError && lastError.name ? lastError.name : 'no camera');
      navigator.mediaDevices.getUserMedia(levels[i++]).then(
        function (stream) {
          video.srcObject = stream;
          video.play().catch(function () {
            /* muted inline video */
          });
          window.addEventListener('pagehide', function () {
            stream.getTracks().forEach(function (t) {
              t.stop();
            });
          });
        },
        function (err) {
          if (err && (err.name === 'NotAllowedError' || err.name === 'SecurityError')) return noCamera('permission denied');
          next(err);
        },
      );
    }
    next(null);
  }

  var saved;
  try {
    saved = parseFloat(localStorage.getItem(STORAGE_KEY) || '');
  } catch {
    saved = null;
  }
  layoutCard();
  if (saved && isFinite(saved) && saved > 0) {
    pxPerMm = saved;
    showCalibrated();
  } else {
    showCalibration();
  }
  startCamera();
})();
