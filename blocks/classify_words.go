package blocks

// The words of a rate limit and of a refusal across the languages of the
// portals, and beyond them: a page in Korean or Arabic says "too many
// requests" or "access denied" in its own words, and the rules that read
// those words (a status line, a notice said early on a short page, a JSON
// body's message) must know them in every language a site may answer in,
// not only in those of the pages seen so far.

// tooManyRequests is "too many requests" as sites write it, lowercased as
// the scan keeps text. Arabic writes "جداً" or "جدًا" (the same "very"),
// so its phrase stops before the ending; Thai writes no spaces.
var tooManyRequests = []string{"too many requests",
	"zu viele anfragen", "te veel verzoeken", "trop de requêtes", "trop de demandes",
	"demasiadas solicitudes", "demasiadas peticiones", "troppe richieste", "muitas requisições",
	"muitas solicitações", "pedidos em excesso", "zbyt wiele żądań", "zbyt wiele zapytań", "zbyt dużo zapytań",
	"příliš mnoho požadavků", "för många förfrågningar", "for mange forespørgsler", "for mange forespørsler",
	"liian monta pyyntöä", "túl sok kérés", "prea multe cereri", "prea multe solicitări",
	"слишком много запросов", "забагато запитів", "занадто багато запитів", "твърде много заявки",
	"πάρα πολλά αιτήματα", "υπερβολικά πολλά αιτήματα", "çok fazla istek", "terlalu banyak permintaan",
	"quá nhiều yêu cầu", "quá nhiều request", "요청이 너무 많습니다", "너무 많은 요청", "요청이 너무 많아",
	"リクエストが多すぎます", "リクエスト数が多すぎます", "リクエストが多すぎ", "リクエスト数が多すぎ", "请求过于频繁", "请求过多", "访问过于频繁", "請求過於頻繁", "請求過多",
	"คำขอมากเกินไป", "יותר מדי בקשות", "طلبات كثيرة جد", "عدد كبير جدًا من الطلبات", "عدد كبير جداً من الطلبات",
	"تم إرسال طلبات كثيرة", "درخواست\u200cهای بیش از حد", "बहुत अधिक अनुरोध",
	// Bengali, Catalan, Danish as apps write it besides the form above,
	// Persian with a space or a zero-width joiner, Hindi's everyday form.
	"অনেক বেশি অনুরোধ", "massa sol·licituds", "massa peticions", "for mange anmodninger",
	"درخواست های زیادی", "درخواست\u200cهای زیادی", "बहुत सारे अनुरोध",
	"terlalu banyak permohonan", "terlalu banyak request", "liikaa pyyntöjä", "túl sok kérelem",
	"túl sok lekérdezés", "बहुत ज़्यादा अनुरोध", "बहुत ज्यादा अनुरोध", "অত্যধিক অনুরোধ", "درخواست بیش از حد",
	// Languages no capture has shown yet, as the usual translations of
	// the status write them.
	"príliš veľa požiadaviek", "previše zahtjeva", "previše zahteva", "превише захтева", "preveč zahtev",
	"per daug užklausų", "pārāk daudz pieprasījumu", "liiga palju päringuid", "masyadong maraming kahilingan",
	"بہت زیادہ درخواستیں", "खूप विनंत्या", "çox sayda sorğu", "тым көп сұраныс", "shumë kërkesa", "премногу барања",
	"of margar beiðnir", "eskaera gehiegi", "te veel versoeke", "ძალიან ბევრი მოთხოვნა", "அதிகமான கோரிக்கை",
	"ઘણી બધી વિનંતીઓ", "धेरै अनुरोध", "хэт олон хүсэлт", "չափազանց շատ հարցումներ"}

// limiterPhrases are what an app's own limiter opens its answer with:
// "too many requests" in any language, and the other ways English ones
// say it (going too fast, a used-up quota). limiterMessage asks that the
// answer end there or ask to wait, which a sentence about a runner going
// too fast does not.
var limiterPhrases = append([]string{"you're going too fast", "you are going too fast", "you are doing that too often",
	"you're doing that too often", "please slow down", "you have exceeded your request quota",
	"you have exceeded your quota", "request quota exceeded", "request limit exceeded", "request limit reached",
	"daily request limit reached"}, tooManyRequests...)

// accessDenied is "access denied" as a refusal's title or status line says
// it, in the same languages.
var accessDenied = []string{"zugang verweigert", "accès interdit", "acceso prohibido", "accesso vietato",
	"acesso negado", "acesso proibido", "adgang nægtet", "tilgang nektet", "pääsy estetty", "pääsy kielletty",
	"hozzáférés megtagadva", "acces interzis", "acces refuzat", "доступ заборонено", "достъпът е отказан",
	"άρνηση πρόσβασης", "η πρόσβαση απορρίφθηκε", "απαγορεύεται η πρόσβαση", "erişim engellendi",
	"erişim reddedildi", "akses ditolak", "truy cập bị từ chối", "từ chối truy cập", "액세스 거부", "접근 거부",
	"접근이 거부되었습니다", "アクセスが拒否されました", "アクセス拒否", "拒绝访问", "禁止访问", "访问被拒绝", "拒絕存取",
	"ปฏิเสธการเข้าถึง", "ปฏิเสธการเข้าใช้", "การเข้าถึงถูกปฏิเสธ", "הגישה נדחתה", "גישה נדחתה", "הגישה נחסמה",
	"تم رفض الوصول", "الوصول مرفوض", "رفض الوصول", "دسترسی ممنوع", "دسترسی رد شد",
	// "Access restricted", as a site's own IP ban titles itself.
	"アクセスが制限されています", "アクセス制限", "접근이 제한되었습니다", "접속이 제한되었습니다", "访问受限", "訪問受限",
	"truy cập bị hạn chế", "الوصول مقيد", "تم تقييد الوصول", "הגישה מוגבלת", "περιορισμένη πρόσβαση",
	"การเข้าถึงถูกจำกัด", "erişim kısıtlandı", "erişiminiz kısıtlandı", "akses dibatasi", "доступ обмежено",
	// Malay, Catalan, Hindi, Bengali, Persian, Ukrainian besides the above.
	"akses dinafikan", "akses disekat", "accés denegat", "accés prohibit", "पहुंच अस्वीकृत", "पहुँच अस्वीकृत",
	"प्रवेश निषेध", "प्रवेश वर्जित", "অ্যাক্সেস অস্বীকৃত", "অ্যাক্সেস নিষিদ্ধ", "প্রবেশ নিষেধ", "دسترسی غیرمجاز",
	"عدم دسترسی", "доступ заборонений", "в доступі відмовлено",
	"prístup zamietnutý", "pristup odbijen", "приступ одбијен", "dostop zavrnjen", "prieiga uždrausta",
	"piekļuve liegta", "juurdepääs keelatud", "رسائی سے انکار", "प्रवेश नाकारला", "giriş qadağandır",
	"qasja u refuzua", "пристапот е одбиен", "aðgangi hafnað", "sarbidea ukatuta", "toegang geweier",
	"წვდომა აკრძალულია"}

// blockedPhrases say, as a short page's first sentence, that the visitor
// or their address was blocked, in languages whose words blockedWords and
// blockedSubjects do not know (Thai and Japanese write no spaces).
var blockedPhrases = []string{"ip가 차단되었습니다", "접근이 차단되었습니다", "접속이 차단되었습니다", "차단되었습니다",
	"đã bị chặn", "bị chặn truy cập", "تم حظر", "تم حظرك", "تم حجب", "נחסמה", "נחסמת", "נחסמתם",
	"έχετε αποκλειστεί", "έχει αποκλειστεί", "ถูกบล็อก", "ถูกปิดกั้น", "engellendiniz", "erişiminiz engellendi",
	"ip adresiniz engellendi", "ブロックされました", "アクセスがブロック", "telah diblokir", "anda diblokir", "مسدود شده",
	"telah disekat", "ब्लॉक कर दिया गया", "अवरुद्ध कर दिया गया", "ब्लॉक किया गया", "ব্লক করা হয়েছে", "অবরুদ্ধ করা হয়েছে"}

// unusualTrafficWords are how Google's unusual-traffic page and its
// imitators say it in more languages.
var unusualTrafficWords = []string{"비정상적인 트래픽", "lưu lượng truy cập bất thường", "حركة بيانات غير عادية",
	"حركة مرور غير عادية", "תנועה חריגה", "ασυνήθιστη κίνηση", "ασυνήθιστη επισκεψιμότητα",
	"การรับส่งข้อมูลที่ผิดปกติ", "lalu lintas tidak biasa", "незвичайний трафік",
	// Malay, Romanian, Hungarian (whose object case changes the ending),
	// Finnish, Danish, Norwegian, Catalan, Hindi, Bengali, Persian.
	"trafik luar biasa", "trafic neobișnuit", "trafic neobisnuit", "szokatlan forgalm", "epätavallista liikennettä",
	"usædvanlig trafik", "uvanlig trafikk", "trànsit inusual", "असामान्य ट्रैफ़िक", "असामान्य ट्रैफिक",
	"অস্বাভাবিক ট্র্যাফিক", "অস্বাভাবিক ট্রাফিক", "ترافیک غیرعادی", "ترافیک غیر عادی"}

// checkingWords are what a check page says it is doing, "checking your
// browser" and "verifying you are human" (Cloudflare's wording, which
// copies and other gates take over), in more languages: the Russian
// gates' "Проверка браузера", the managed challenge's sentence in Korean,
// Chinese, Japanese, Vietnamese, Arabic, Hebrew, Greek, Thai, Turkish.
var checkingWords = []string{"проверка браузера", "проверяем ваш браузер", "перевірка браузера",
	"überprüfung ihres browsers", "ihr browser wird überprüft", "vérification de votre navigateur",
	"comprobando tu navegador", "comprobando su navegador", "verificando seu navegador", "verificando su navegador",
	"controllo del browser", "sprawdzanie przeglądarki", "tarayıcınız kontrol ediliyor", "tarayıcınız doğrulanıyor",
	"브라우저를 확인하고 있습니다", "브라우저 확인 중", "ブラウザを確認しています", "正在检查您的浏览器", "正在验证您的浏览器",
	"đang kiểm tra trình duyệt", "جارٍ التحقق من متصفحك", "يتم التحقق من متصفحك", "בודקים את הדפדפן",
	"กำลังตรวจสอบเบราว์เซอร์",
	"사람인지 확인", "人間であることを確認", "验证您是否是真人", "確認您是真人", "xác minh bạn là con người",
	"التحقق من أنك إنسان", "שאתה אנושי", "ότι είστε άνθρωπος", "ว่าคุณเป็นมนุษย์", "insan olduğunuz doğrulanıyor",
	"verificando se você é humano", "verificando que você é humano"}

// errorWords are "error" as error pages title themselves, lowercased:
// the languages of the phrase lists, as whole words.
var errorWords = map[string]bool{"fehler": true, "erreur": true, "errore": true, "erro": true, "fout": true,
	"błąd": true, "chyba": true, "fel": true, "fejl": true, "feil": true, "virhe": true, "hiba": true,
	"eroare": true, "greška": true, "napaka": true, "ошибка": true, "помилка": true, "грешка": true,
	"σφάλμα": true, "hata": true, "hatası": true, "lỗi": true, "kesalahan": true, "ralat": true, "galat": true,
	"خطا": true, "خطای": true, "خطأ": true, "שגיאה": true, "त्रुटि": true, "ত্রুটি": true, "エラー": true,
	"错误": true, "錯誤": true, "오류": true, "에러": true, "ข้อผิดพลาด": true}
