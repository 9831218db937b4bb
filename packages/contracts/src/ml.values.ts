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
  'Güven: modelin geçmiş veride ileriye dönük testteki (örnek dışı) tahminlerine göre kalibre edilmiş olasılıktır: ' +
  'bu hissenin, aynı gün diğer hisselerin ortanca getirisinin üstünde (yükseliş tahmininde) ya da altında (düşüş ' +
  'tahmininde) kapanma olasılığı. Modelin sıralama gücü günden güne tutarlı değilse olasılık %50’ye doğru çekilir. ' +
  '%50, modelin bu yönde bir bilgisi olmadığı anlamına gelir; güven hiçbir zaman %50’nin altında gösterilmez. ' +
  'Hedef fiyat = güncel fiyat × (1 + beklenen getiri).';

/** The rule as shown to investors. */
export const LIQUIDITY_FLOOR_TR =
  'Son 20 işlem gününde ortalama günlük işlem hacmi 10 milyon ₺ altında olan ya da fiyatı 1 ₺ altında olan hisseler listelenmez.';
