// Predictions and accuracy: the plain values (lists, limits, texts, rules) without zod, so the web app can import them through
// '@bist/contracts/values' without loading a schema. The schemas and their types are in ml.ts.

/** Tooltip shown next to every accuracy figure. */
export const ACCURACY_TOOLTIP_TR =
  'İsabet: yön tahmininin tutma oranı (geçmiş veride ileriye dönük test, örnek dışı). Modelin eğitimde görmediği ' +
  'günlerde yükseliş/düşüş yönünü doğru bildiği tahminlerin yüzdesidir; getirisi tam sıfır olan günler sayılmaz. ' +
  'Karşılaştırma %50 değil, aynı günlerde hep aynı yönü söylemenin tuttuğu orandır (piyasa yönü): fark, modelin ' +
  'bu düzeyin ne kadar üstünde ya da altında olduğudur. Aralık, aynı günün hisseleri birlikte hareket ettiği için ' +
  'gün kümelemeli %95 güven aralığıdır.';

/** Tooltip for a prediction's confidence. */
export const CONFIDENCE_TOOLTIP_TR =
  'Güven: modelin geçmiş veride ileriye dönük testteki (örnek dışı) tahminlerine göre kalibre edilmiş ' +
  'olasılıktır: bu hissenin, aynı gün diğer hisselerin ortanca getirisinin üstünde (Piyasadan iyi ' +
  'çağrısında) ya da altında (Piyasadan kötü çağrısında) kapanma olasılığı. Modelin sıralama gücü ' +
  'günden güne tutarlı değilse olasılık %50’ye doğru çekilir. Ölçülen isabet, aynı güven aralığındaki ' +
  'örnek dışı tahminlerin gerçekten tutma oranıdır. Göreli bir modelden hedef fiyat verilmez.';

/** The rule as shown to investors. */
export const LIQUIDITY_FLOOR_TR =
  'Son 20 işlem gününde ortalama günlük işlem hacmi 10 milyon ₺ altında olan ya da fiyatı 1 ₺ altında olan hisseler listelenmez.';
