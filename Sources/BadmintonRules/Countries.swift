/// The countries the umpire names in the introduction (ITTO: "On my right, Lin Dan, China"):
/// a player's IOC code (`CHN`) said as the country's name; anything else (a club, a country
/// written out) is said as written. The names are English in every language of the calls.
public enum Countries {
    /// The IOC codes of the badminton nations, with the name the umpire says.
    public static let names: [String: String] = [
        "ALG": "Algeria", "AUS": "Australia", "AUT": "Austria", "AZE": "Azerbaijan", "BEL": "Belgium", "BRA": "Brazil",
        "BUL": "Bulgaria", "CAN": "Canada", "CHN": "China", "CRO": "Croatia", "CUB": "Cuba", "CYP": "Cyprus",
        "CZE": "Czechia", "DEN": "Denmark", "EGY": "Egypt", "ENG": "England", "ESP": "Spain", "EST": "Estonia",
        "FIN": "Finland", "FRA": "France", "GBR": "Great Britain", "GER": "Germany", "GRE": "Greece", "GUA": "Guatemala",
        "HKG": "Hong Kong, China", "HUN": "Hungary", "INA": "Indonesia", "IND": "India", "IRL": "Ireland", "ISL": "Iceland",
        "ISR": "Israel", "ITA": "Italy", "JPN": "Japan", "KAZ": "Kazakhstan", "KOR": "Korea", "LAT": "Latvia",
        "LTU": "Lithuania", "LUX": "Luxembourg", "MAC": "Macao, China", "MAS": "Malaysia", "MEX": "Mexico", "MRI": "Mauritius",
        "MYA": "Myanmar", "NED": "Netherlands", "NEP": "Nepal", "NGR": "Nigeria", "NOR": "Norway", "NZL": "New Zealand",
        "PAK": "Pakistan", "PER": "Peru", "PHI": "Philippines", "POL": "Poland", "POR": "Portugal", "ROU": "Romania",
        "RSA": "South Africa", "SCO": "Scotland", "SGP": "Singapore", "SLO": "Slovenia", "SRB": "Serbia", "SRI": "Sri Lanka",
        "SUI": "Switzerland", "SVK": "Slovakia", "SWE": "Sweden", "THA": "Thailand", "TPE": "Chinese Taipei", "TUR": "Türkiye",
        "UAE": "United Arab Emirates", "UKR": "Ukraine", "USA": "United States", "VIE": "Vietnam", "WAL": "Wales",
    ]

    /// What the umpire says for `country`: the name for an IOC code, else the text as written.
    public static func said(_ country: String) -> String {
        names[country.uppercased()] ?? country
    }
}
